"""Bulk state: poses() as a numpy array, copy_poses_into() and copy_states_into() through the buffer protocol."""

import array
import struct

import numpy as np
import pytest

import anima


@pytest.fixture
def three_items(animator):
    items = [
        anima.Item(animator, center=(10, 20), rotation=0.5),
        anima.Item(animator, center=(30, 40)),
        anima.Item(animator, center=(50, 60), rotation=-1.0),
    ]
    return animator, items


def expected_rows(items):
    return [(item.center[0], item.center[1], item.rotation) for item in items]


def test_poses_is_a_read_only_float64_array_of_shape_n_by_3(three_items):
    anim, _ = three_items
    poses = anim.poses()
    assert isinstance(poses, np.ndarray)
    assert poses.dtype == np.float64
    assert poses.shape == (3, 3)
    assert poses.flags.c_contiguous and poses.flags.aligned
    assert not poses.flags.writeable


def test_poses_rows_are_center_and_rotation_in_creation_order(three_items):
    anim, items = three_items
    poses = anim.poses()
    assert poses.tolist() == [list(row) for row in expected_rows(items)]
    for row, item in zip(poses, items):
        assert tuple(row[:2]) == item.center
        assert row[2] == item.rotation
    assert poses[-1].tolist() == [50.0, 60.0, -1.0]


def test_poses_follow_the_items_as_they_move_and_go(three_items):
    anim, items = three_items
    anim.add_behavior(anima.Gravity(items))
    anim.advance(0.5)
    items[1].destroy()
    poses = anim.poses()
    assert poses.shape == (2, 3)
    assert poses.tolist() == [list(row) for row in expected_rows([items[0], items[2]])]
    assert poses[0, 1] > 20


def test_poses_of_an_empty_animator_have_shape_0_by_3():
    poses = anima.Animator().poses()
    assert poses.shape == (0, 3)
    assert poses.dtype == np.float64
    assert poses.nbytes == 0


def test_poses_are_a_snapshot_that_outlives_changes(three_items):
    anim, items = three_items
    poses = anim.poses()
    before = poses.copy()
    items[0].center = (999, 999)
    items[1].destroy()
    anim.destroy()
    assert np.array_equal(poses, before)


def test_poses_cannot_be_written(three_items):
    poses = three_items[0].poses()
    with pytest.raises(ValueError, match="read-only"):
        poses[0, 0] = 1.0
    with pytest.raises(ValueError):
        poses.flags.writeable = True
    assert poses[0, 0] == 10.0


def test_poses_bytes_are_native_doubles(three_items):
    anim, items = three_items
    raw = anim.poses().tobytes()
    assert struct.unpack("9d", raw) == tuple(v for row in expected_rows(items) for v in row)


def test_poses_can_be_copied_into_a_writable_array(three_items):
    anim, items = three_items
    poses = anim.poses().copy()
    poses[:, 2] = 0.0
    assert poses[:, :2].tolist() == [list(item.center) for item in items]


def test_copy_poses_into_an_array_of_doubles(three_items):
    anim, items = three_items
    buffer = array.array("d", [0.0] * 9)
    assert anim.copy_poses_into(buffer) == 3
    assert list(buffer) == [v for row in expected_rows(items) for v in row]


def test_copy_poses_into_a_larger_buffer_leaves_the_rest(three_items):
    anim, _ = three_items
    buffer = array.array("d", [7.0] * 12)
    assert anim.copy_poses_into(buffer) == 3
    assert buffer[9:] == array.array("d", [7.0] * 3)


def test_copy_poses_into_a_numpy_array(three_items):
    anim, items = three_items
    out = np.zeros((3, 3))
    assert anim.copy_poses_into(out) == 3
    assert out.tolist() == [list(row) for row in expected_rows(items)]
    flat = np.zeros(9)
    anim.copy_poses_into(flat)
    assert flat.reshape(3, 3).tolist() == out.tolist()


def test_copy_poses_into_a_too_small_buffer_raises_value_error(three_items):
    anim, _ = three_items
    buffer = array.array("d", [0.0] * 8)
    with pytest.raises(ValueError, match="3"):
        anim.copy_poses_into(buffer)
    assert list(buffer) == [0.0] * 8


def test_copy_poses_into_an_empty_buffer_is_fine_for_an_empty_animator():
    assert anima.Animator().copy_poses_into(array.array("d")) == 0


COPIES = ["copy_poses_into", "copy_states_into"]


@pytest.mark.parametrize("method", COPIES)
@pytest.mark.parametrize("typecode", ["f", "i", "q", "b"])
def test_copying_into_a_buffer_of_another_type_raises_value_error(three_items, method, typecode):
    with pytest.raises(ValueError, match=f"{method}.*float64"):
        getattr(three_items[0], method)(array.array(typecode, [0] * 64))


@pytest.mark.parametrize("method", COPIES)
def test_copying_into_a_read_only_buffer_raises_value_error(three_items, method):
    with pytest.raises(ValueError):
        getattr(three_items[0], method)(bytes(8 * 7 * 3))


@pytest.mark.parametrize("method", COPIES)
def test_copying_into_a_non_contiguous_buffer_raises_value_error(three_items, method):
    with pytest.raises(ValueError):
        getattr(three_items[0], method)(np.zeros((3, 14))[:, ::2])


def test_copy_poses_into_a_bytearray_cast_to_doubles(three_items):
    anim, items = three_items
    raw = bytearray(72)
    assert anim.copy_poses_into(memoryview(raw).cast("d")) == 3
    assert struct.unpack("9d", raw)[:2] == (10.0, 20.0)


@pytest.mark.parametrize("method", COPIES)
def test_copying_into_a_non_buffer_raises_type_error(three_items, method):
    with pytest.raises(TypeError, match=method):
        getattr(three_items[0], method)(None)


def test_copy_states_into_writes_seven_values_per_item_in_creation_order(three_items):
    anim, items = three_items
    items[1].velocity = (12.0, -3.0)
    items[1].angular_velocity = 0.75
    items[2].alpha = 0.25
    out = np.full((4, 7), -1.0)
    assert anim.copy_states_into(out) == 3
    expected = [(*item.center, item.rotation, *item.velocity, item.angular_velocity, item.alpha) for item in items]
    assert out[:3].tolist() == [list(row) for row in expected]
    assert out[3].tolist() == [-1.0] * 7
    poses = np.zeros((3, 3))
    anim.copy_poses_into(poses)
    assert np.array_equal(out[:3, :3], poses)


def test_copy_states_into_follows_destroyed_items_out(three_items):
    anim, items = three_items
    items[0].destroy()
    buffer = array.array("d", [0.0] * 14)
    assert anim.copy_states_into(buffer) == 2
    assert buffer[0:2].tolist() == list(items[1].center)
    assert buffer[7:9].tolist() == list(items[2].center)


def test_copy_states_into_a_too_small_buffer_raises_value_error(three_items):
    anim, _ = three_items
    buffer = array.array("d", [0.0] * (7 * 3 - 1))
    with pytest.raises(ValueError, match="holds 2 states but the animator has 3 items"):
        anim.copy_states_into(buffer)
    assert list(buffer) == [0.0] * 20
    assert anima.Animator().copy_states_into(array.array("d")) == 0
