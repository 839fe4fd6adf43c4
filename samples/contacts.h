/*
 * contacts.h: the contacts that are touching now, kept from the animator's began and ended
 * contact events (anima_animator_get_contact_events after each advance). The C API reports
 * contacts as events; this turns them into a count and points for the overlay and debug drawing.
 */
#ifndef SAMPLES_CONTACTS_H
#define SAMPLES_CONTACTS_H

#include <anima.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct contact {
    uint64_t key;           /* the pair: collision, items, boundary */
    anima_vec2 point;       /* where it began */
} contact;

typedef struct contacts {
    contact *list;
    int32_t count;
    int32_t capacity;
    uint64_t began_total;
    uint64_t ended_total;
} contacts;

void contacts_clear(contacts *c);
void contacts_free(contacts *c);
/* Reads the events of the last advance or step. Returns the status of the read, or
   ANIMA_ERR_OUT_OF_MEMORY when the list cannot grow. */
anima_status contacts_update(contacts *c, anima_animator animator);

#endif
