/*
 * event_log.h: the samples' machine-readable event log (--log FILE): one line per event,
 * space-separated key=value fields, first "frame=N t=SECONDS sim=SECONDS event=NAME".
 * t is wall-clock seconds since the program started; sim is the animator's elapsed time.
 * Positions are in scene points (y down), velocities in points per second.
 */
#ifndef SAMPLES_EVENT_LOG_H
#define SAMPLES_EVENT_LOG_H

#include <stdbool.h>
#include <stdint.h>

/* Opens (truncates) the log; false with errno set on failure. */
bool event_log_open(const char *path);
void event_log_close(void);
bool event_log_enabled(void);
/* Writes "frame=.. t=.. sim=.. event=<event> <fields>" and flushes, so a test can read it live. */
void event_log_write(uint64_t frame, double t, double sim, const char *event, const char *fields_format, ...)
    __attribute__((format(printf, 5, 6)));

#endif
