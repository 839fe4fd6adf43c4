/*
 * contacts.c: began events add a contact, ended events remove it.
 */
#include "contacts.h"

#include <stdlib.h>

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h;
}

static uint64_t key_of(const anima_contact_event *e)
{
    uint64_t h = mix(0, ((uint64_t)e->collision.generation << 32) | e->collision.index1);
    uint64_t a = ((uint64_t)e->item_a.generation << 32) | e->item_a.index1;
    uint64_t b = ((uint64_t)e->item_b.generation << 32) | e->item_b.index1;
    if (a > b) {   /* the same pair whichever comes first */
        const uint64_t t = a;
        a = b;
        b = t;
    }
    h = mix(mix(h, a), b);
    if (e->is_boundary) {
        h = mix(h, 0xB0B0u);
        for (const char *p = e->boundary_identifier; p != NULL && *p != '\0'; p++) {
            h = mix(h, (unsigned char)*p);
        }
    }
    return h;
}

void contacts_clear(contacts *c)
{
    c->count = 0;
    c->began_total = 0;
    c->ended_total = 0;
}

void contacts_free(contacts *c)
{
    free(c->list);
    c->list = NULL;
    c->capacity = 0;
    contacts_clear(c);
}

anima_status contacts_update(contacts *c, anima_animator animator)
{
    const anima_contact_event *events = NULL;
    int32_t count = 0;
    anima_status status = anima_animator_get_contact_events(animator, true, &events, &count);
    if (status != ANIMA_OK) {
        return status;
    }
    for (int32_t i = 0; i < count; i++) {
        if (c->count == c->capacity) {
            const int32_t capacity = c->capacity == 0 ? 256 : 2 * c->capacity;
            contact *list = realloc(c->list, sizeof *list * (size_t)capacity);
            if (list == NULL) {
                return ANIMA_ERR_OUT_OF_MEMORY;
            }
            c->list = list;
            c->capacity = capacity;
        }
        c->list[c->count++] = (contact){ key_of(&events[i]), events[i].point };
        c->began_total++;
    }
    status = anima_animator_get_contact_events(animator, false, &events, &count);
    if (status != ANIMA_OK) {
        return status;
    }
    for (int32_t i = 0; i < count; i++) {
        const uint64_t key = key_of(&events[i]);
        for (int32_t k = c->count - 1; k >= 0; k--) {
            if (c->list[k].key == key) {
                c->list[k] = c->list[--c->count];
                break;
            }
        }
        c->ended_total++;
    }
    return ANIMA_OK;
}
