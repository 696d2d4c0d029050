"""The replay picture: frames sampled evenly with the first and last kept, within a byte budget, each frame the game's
own frame pictures laid under the caption exactly."""
from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageSequence

from engine.dice import DiceGame
from engine.dice.ai import choose
from render.manifest import frame_of
from render.replay import CAPTION_H, Step, frame_layout, render_replay, sample

NAMES = ["Ann", "Bo"]


@given(count=st.integers(1, 400), limit=st.integers(2, 60))
def test_a_sample_keeps_the_first_and_last_and_spreads_evenly(count: int, limit: int) -> None:
    shown = sample(count, limit)
    assert shown[0] == 0 and shown[-1] == count - 1
    assert list(shown) == sorted(set(shown)) and len(shown) <= limit
    assert len(shown) == min(count, limit)
    gaps = [b - a for a, b in zip(shown, shown[1:])]
    assert not gaps or max(gaps) - min(gaps) <= 1


def test_pictures_lie_side_by_side_while_they_fit_and_rows_are_centred() -> None:
    assert frame_layout([(720, 100), (720, 50)], 720) == [(0, CAPTION_H), (0, CAPTION_H + 100)]
    assert frame_layout([(1080, 700), (440, 560), (440, 560)], 1080) == [
        (0, CAPTION_H), (100, CAPTION_H + 700), (540, CAPTION_H + 700)]


def steps(moves: int) -> list[Step]:
    game = DiceGame.new(2, seed=3)
    found = [Step(game.copy(), "start")]
    while len(found) <= moves and not game.is_over:
        game.apply(choose(game, "easy", seed=len(found)))
        found.append(Step(game.copy(), f"step {len(found)}"))
    return found


def test_a_replay_past_its_byte_budget_shows_fewer_frames_first_and_last_kept() -> None:
    every = steps(12)
    whole = render_replay("dice", every, NAMES, "en")
    assert whole.shown == tuple(range(13))
    budget = len(whole.gif) // 2
    smaller = render_replay("dice", every, NAMES, "en", max_bytes=budget)
    assert len(smaller.gif) <= budget and 2 <= len(smaller.shown) < 13
    assert smaller.shown[0] == 0 and smaller.shown[-1] == 12
    capped = render_replay("dice", every, NAMES, "it", max_frames=5)
    assert capped.shown == sample(13, 5)
    frames = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(capped.gif)))]
    assert len(frames) == 5
    for frame, index in zip(frames, capped.shown):
        [png] = frame_of("dice")(every[index].state, NAMES, "it")
        picture = Image.open(io.BytesIO(png)).convert("RGB")
        assert frame.crop((0, CAPTION_H, picture.width, CAPTION_H + picture.height)).tobytes() == picture.tobytes()
