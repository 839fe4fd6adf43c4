"""ResizableDynamicBehavior: Listing 6-5 ("Extending a Custom Behavior's Lifetime"), in Python.

A custom behavior that makes a view throb with a fast-decaying sine and tells the animator
when it is done:

    self.action = ^{
        if (!strongSelf.startingTime)
            strongSelf.startingTime = [NSDate date];
        CGFloat time = [[NSDate date] timeIntervalSinceDate:strongSelf.startingTime];
        CGFloat scale = 1 + 0.5 * sin(time * M_PI * 2) * exp(-1.0 * time * 2.0);
        CGAffineTransform transform = CGAffineTransformMakeScale(scale, scale);
        strongSelf.view.bounds = (CGRect){.size = strongSelf.frame.size};
        strongSelf.view.transform = transform;
        [strongSelf.dynamicAnimator updateItemUsingCurrentState:strongSelf.view];
        if (time > 1.5) {
            [strongSelf removeChildBehavior:strongSelf.clockMandate];
            [strongSelf.fakeView removeFromSuperview];
            strongSelf.view.transform = CGAffineTransformIdentity;
        }
    };

UIKit gives a custom behavior no way to keep the animator running, so the listing adds a
"clock mandate": a gravity behavior on an invisible 10 x 10 view that falls forever,
removed at the end. An `anima.Behavior` says whether it is at rest (`at_rest`): this one
says "not at rest" from the start and "at rest" once its curve is done, and needs no
gravity and no fake view. Its clock is its own too: the time starts at 0 at the first
action call and grows by the step duration at each later call (the animator's elapsed
time does not restart per behavior, and wall-clock time would make the curve depend on
the machine).

A 100 x 100 pt view at (160, 284) in a 320 x 568 pt view; no physics behavior governs it.
The program runs internal steps (animator.step()) until the animator pauses (at most 3 s).

Checks: every call made from the action succeeded; after every step the view's scale (x
and y) is 1 + 0.5 sin(2 pi t) e^(-2 t) at the action's time t within 1e-9, its bounds stay
100 x 100, its mass follows the scaled area (mass = scale^2 within 1e-9 relative) and it
stays where it is, upright; the largest scale is the curve's peak within 1e-3, reached at
the step nearest t* = atan(pi) / (2 pi) = 0.2010 s (where the derivative
e^(-2 t) (2 pi cos(2 pi t) - 2 sin(2 pi t)) is zero); the animator keeps running while
t <= 1.5 s and pauses (did-pause delegate called once) within 0.1 s after 1.5 s, with the
identity transform restored; the behavior is the animator's only one and has no children
(no clock mandate). Exits 1 if any check fails.
"""

import math
import sys

import anima

import _checks

SCREEN = (0.0, 0.0, 320.0, 568.0)
END_TIME = 1.5   # s: the end of the curve (three half-turns of the sine)


def throb(t: float) -> float:
    """The throbbing curve of Listing 6-5."""
    return 1.0 + 0.5 * math.sin(t * math.pi * 2.0) * math.exp(-1.0 * t * 2.0)


class ResizableDynamicBehavior(anima.Behavior):
    """Listing 6-5: throbs ``view``'s scale along :func:`throb` for 1.5 s, then rests."""

    def __init__(self, view: anima.Item) -> None:
        """-[ResizableDynamicBehavior initWithView:]."""
        super().__init__(view.animator)
        self.view = view
        self.frame_size = view.size
        self.started = False
        self.time = 0.0     # the behavior's own clock, s
        self.calls = 0
        self.errors: list[str] = []    # messages of the calls from the action that failed
        self.at_rest = False   # keep the animator running until the curve is done

    def action(self) -> None:
        """The action block of Listing 6-5, called after every internal step."""
        self.calls += 1
        # start or update the clock
        if not self.started:
            self.started = True
            self.time = 0.0
        else:
            self.time += self.animator.step_duration
        time = self.time

        # the current change
        scale = throb(time)

        try:
            # apply the bounds and transform
            self.view.size = self.frame_size
            self.view.transform = anima.Transform(scale_x=scale, scale_y=scale)
            self.animator.update_item_using_current_state(self.view)

            # stop after 3 pi: let the animator pause, clean up
            if time > END_TIME:
                self.at_rest = True
                self.view.transform = anima.Transform()
        except anima.AnimaError as error:
            self.errors.append(str(error))


def main() -> int:
    """Step the animator until it pauses, print what happened, return the exit status."""
    animator = anima.Animator(reference_bounds=SCREEN)
    pauses = _checks.pauses_of(animator)

    home = (SCREEN[2] / 2, SCREEN[3] / 2)
    view = anima.Item(animator, center=home, size=(100.0, 100.0))
    resizer = ResizableDynamicBehavior(view)
    animator.add_behavior(resizer)
    h = animator.step_duration

    # The peak of the curve: tan(2 pi t) = pi.
    t_peak = math.atan(math.pi) / (2.0 * math.pi)
    peak = throb(t_peak)

    worst_scale = 0.0     # largest |scale - curve| over the steps
    worst_mass = 0.0      # largest |mass - scale^2| / scale^2
    same_bounds = True
    stayed = True
    ran_until_done = True   # running after every step whose time was <= 1.5 s
    largest, largest_at = 0.0, 0.0
    smallest, smallest_at = math.inf, 0.0
    running = True
    step = 0
    max_steps = math.ceil(3.0 / h)
    while running and step < max_steps:
        animator.step()
        step += 1
        running = animator.is_running
        t = (step - 1) * h   # the time the action saw at this step
        if t > END_TIME:
            continue   # the last step: the identity was restored; checked below
        ran_until_done = ran_until_done and running
        transform = view.transform
        mass = view.mass
        expected = throb(t)
        worst_scale = max(worst_scale, abs(transform.scale_x - expected), abs(transform.scale_y - expected))
        worst_mass = max(worst_mass, abs(mass - expected * expected) / (expected * expected))
        same_bounds = same_bounds and view.size == (100.0, 100.0)
        stayed = stayed and view.center == home and transform.rotation == 0.0
        if transform.scale_x > largest:
            largest, largest_at = transform.scale_x, t
        if transform.scale_x < smallest:
            smallest, smallest_at = transform.scale_x, t
        if step % 24 == 1:
            print(f"t = {t:.3f} s: scale {transform.scale_x:.6f} (curve {expected:.6f}), mass {mass:.6f}")

    paused_at = animator.elapsed_time
    final_transform = view.transform
    print(f"peak of the curve: t* = atan(pi)/(2 pi) = {t_peak:.5f} s, scale {peak:.6f}; largest step {largest:.6f} "
          f"at t = {largest_at:.5f} s; smallest {smallest:.6f} at t = {smallest_at:.5f} s")
    print(f"{resizer.calls} action calls; the animator {'is still running' if running else 'paused'} after "
          f"{paused_at:.4f} s ({step} steps), transform now rotation {final_transform.rotation:g}, "
          f"scale ({final_transform.scale_x:g}, {final_transform.scale_y:g})")
    print(f"largest differences: scale {worst_scale:.3g}, relative mass {worst_mass:.3g}")
    for error in resizer.errors:
        print(f"  action error: {error}")

    def summary() -> str:
        return (f"peak scale {largest:.4f} at t = {largest_at:.4f} s (t* = {t_peak:.4f} s), "
                f"paused {paused_at:.3f} s after the start")

    checks = [
        (not resizer.errors, "every call made from the action succeeded"),
        (worst_scale <= 1e-9, "after every step the scale is 1 + 0.5 sin(2 pi t) e^(-2 t) within 1e-9"),
        (same_bounds, "the bounds stay 100 x 100"),
        (worst_mass <= 1e-9, "the mass follows the scaled area (mass = scale^2 within 1e-9 relative)"),
        (stayed, "the view stays where it is, upright"),
        (abs(largest - peak) <= 1e-3 and abs(largest_at - t_peak) <= h / 2 + 1e-12,
         "the largest scale is the peak of the curve (within 1e-3), at the step nearest t*"),
        (ran_until_done, "the animator keeps running while t <= 1.5 s"),
        (not running and len(pauses) == 1 and END_TIME < paused_at <= END_TIME + 0.1,
         "it pauses (did_pause called once) within 0.1 s after 1.5 s"),
        (tuple(final_transform) == (0.0, 1.0, 1.0, 0.0, 0.0), "the identity transform is restored"),
        (animator.behaviors == (resizer,) and resizer.children == (),
         "the behavior is the only one and has no children: no clock mandate"),
    ]
    animator.destroy()
    return _checks.finish(checks, summary)


if __name__ == "__main__":
    sys.exit(main())
