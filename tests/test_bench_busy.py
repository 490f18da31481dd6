"""``python -m game.tools.bench --busy N``: the spinning processes that load the machine run
while the bench measures, end with it, and end by themselves if it is killed. Nothing
here sleeps for a set time or asserts how long anything took: each wait is on a
condition, bounded only for a failing test."""

from __future__ import annotations

import os

import pytest
from process_helpers import WAIT_S, until_or_ended

from game.tools import bench
from game.tools.bench_load import Busy


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_busy_processes_spin_during_the_block_and_stop_after_it():
    with Busy(2) as busy:
        assert busy.alive() == 2
        procs = list(busy.procs)
        if os.path.exists(f"/proc/{procs[0].pid}/stat"):
            # they are really working, not sleeping: each burns CPU time, however busy
            # the machine and however long that takes
            # (a spinner that ended first fails at once)
            assert until_or_ended(lambda: min(_cpu_seconds(p.pid) for p in procs) > 0.1, procs)
        assert busy.alive() == 2  # still spinning: only the block's end stops them
    assert all(p.poll() is not None for p in procs)
    assert busy.alive() == 0


def test_a_busy_process_ends_by_itself_at_its_cap():
    with Busy(1, cap_s=0.3) as busy:
        proc = busy.procs[0]
        proc.wait(timeout=WAIT_S)  # nobody killed it: it stopped at the cap
        assert proc.returncode == 0


def test_no_busy_processes_by_default():
    with Busy(0) as busy:
        assert busy.procs == []


@pytest.mark.parametrize("value", ["-1", "65"])
def test_the_command_refuses_a_busy_count_out_of_range(value, capsys):
    with pytest.raises(SystemExit) as exc:
        bench.main(["--only", "idle", "--busy", value])
    assert exc.value.code == 2
    assert "--busy" in capsys.readouterr().err
