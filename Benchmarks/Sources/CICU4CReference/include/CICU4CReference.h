#ifndef CICU4CREFERENCE_H
#define CICU4CREFERENCE_H
/*
 * ICU4C reference for the MessageFormat benchmark rows: the same messages as the ICU module's
 * (ICU4C's C API takes numbered arguments, so {name} is written {0}), prepared once with
 * umsg_open against Debian's libicu and formatted with umsg_format into a caller-side buffer.
 *
 * It runs inside the benchmark process, so its loops are timed round-robin with the engine's
 * (same clock, same moment): a ratio no longer compares measurements taken minutes apart on a
 * shared machine whose speed drifts. This header includes no ICU header (Debian's ICU headers
 * clash with the ICU Foundation bundles when both are visible to one Swift module).
 */
#ifdef __cplusplus
extern "C" {
#endif

/* Prepares the formats (once; thread-unsafe, call before the first run). Returns NULL when
 * ready, otherwise a message naming what failed. */
const char *icu4c_reference_open(void);

/* The index of the case named `id` ("icu.oneArgument", "icu.plural", "icu.selectNestedPlural",
 * "icu.currency", "icu.date"), or -1. */
int icu4c_reference_case(const char *id);

/* Formats case `index` once (umsg_format); returns the output's length in UTF-16 units, or -1
 * when ICU failed. */
int icu4c_reference_format(int index);

/* The case's output as UTF-8 into `buffer` (NUL-terminated); returns 0, or -1 on failure. */
int icu4c_reference_sample(int index, char *buffer, int capacity);

#ifdef __cplusplus
}
#endif
#endif
