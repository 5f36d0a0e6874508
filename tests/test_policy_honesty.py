"""Policy honesty (issue: play strength): changing the hidden cards consistently with a seat's view never
changes its choice — for every built-in play policy (`tests.policy_honesty`, in a process of its own: its
kernels are built for the set with the sampler). The control, a policy that peeks at the next seat's hand,
must be caught."""

from __future__ import annotations

import json

import pytest

from tests import background
from tests.policy_honesty import PEEKING, POLICIES


@pytest.fixture(scope="module")
def honesty() -> dict[str, dict[str, int]]:
    done = background.output("policy-honesty")  # tests.policy_honesty
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("policy", POLICIES)
def test_hidden_cards_never_change_a_choice(honesty, policy):
    tally = honesty[policy]
    assert tally["decisions"] > 200  # three whole hands, every play
    assert tally["hidden_changed"] > 0.9 * tally["decisions"]  # the hidden cards really were dealt again
    assert tally["mismatches"] == 0


def test_a_peeking_policy_is_caught(honesty):
    tally = honesty[PEEKING]
    assert tally["mismatches"] > tally["decisions"] // 4
