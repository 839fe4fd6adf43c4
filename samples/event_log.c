/*
 * event_log.c: the --log file.
 */
#include "event_log.h"

#include <stdarg.h>
#include <stdio.h>

static FILE *log_file = NULL;

bool event_log_open(const char *path)
{
    log_file = fopen(path, "w");
    return log_file != NULL;
}

void event_log_close(void)
{
    if (log_file != NULL) {
        fclose(log_file);
        log_file = NULL;
    }
}

bool event_log_enabled(void)
{
    return log_file != NULL;
}

void event_log_write(uint64_t frame, double t, double sim, const char *event, const char *fields_format, ...)
{
    if (log_file == NULL) {
        return;
    }
    fprintf(log_file, "frame=%llu t=%.4f sim=%.4f event=%s", (unsigned long long)frame, t, sim, event);
    if (fields_format != NULL && fields_format[0] != '\0') {
        va_list args;
        va_start(args, fields_format);
        fputc(' ', log_file);
        vfprintf(log_file, fields_format, args);
        va_end(args);
    }
    fputc('\n', log_file);
    fflush(log_file);
}
