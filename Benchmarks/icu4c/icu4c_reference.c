/*
 * ICU4C reference for the MessageFormat benchmark rows: the same messages as our ICU module,
 * (ICU4C's C API takes numbered arguments, so {name} is written {0}) prepared once (umsg_open) and formatted in a loop. Prints one line per case:
 *   <case-id>\t<median ns per call>\t<sample output (UTF-8)>
 * Usage: icu4c_reference [iterations] [runs] [wall|cpu]
 *   wall (default): CLOCK_MONOTONIC; cpu: CLOCK_THREAD_CPUTIME_ID (not inflated by waiting for a
 *   busy CPU on a shared machine; Benchmarks/run uses the same clock as the Swift benchmarks).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/umsg.h>
#include <unicode/ustring.h>
#include <unicode/ucal.h>

static clockid_t clock_id = CLOCK_MONOTONIC;

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(clock_id, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static UMessageFormat *open_format(const char *pattern, const char *locale) {
  UChar upattern[512];
  UErrorCode status = U_ZERO_ERROR;
  u_uastrcpy(upattern, pattern);
  UParseError parse_error;
  UMessageFormat *format = umsg_open(upattern, -1, locale, &parse_error, &status);
  if (U_FAILURE(status)) {
    fprintf(stderr, "umsg_open(%s): %s\n", pattern, u_errorName(status));
    exit(2);
  }
  return format;
}

static void print_result(const char *id, double median, const UChar *output) {
  char utf8[1024];
  UErrorCode status = U_ZERO_ERROR;
  u_strToUTF8(utf8, sizeof utf8, NULL, output, -1, &status);
  printf("%s\t%.1f\t%s\n", id, median, U_SUCCESS(status) ? utf8 : "?");
}

#define RUN_CASE(ID, FORMAT, ...)                                                   \
  do {                                                                              \
    UChar out[512];                                                                 \
    double samples[64];                                                             \
    for (int r = 0; r < runs; r++) {                                                \
      UErrorCode st = U_ZERO_ERROR;                                                 \
      double t0 = now_ns();                                                         \
      for (long i = 0; i < iterations; i++) {                                       \
        st = U_ZERO_ERROR;                                                          \
        umsg_format(FORMAT, out, 512, &st, __VA_ARGS__);                            \
      }                                                                             \
      samples[r] = (now_ns() - t0) / (double)iterations;                            \
      if (U_FAILURE(st)) {                                                          \
        fprintf(stderr, "%s: %s\n", ID, u_errorName(st));                           \
        exit(3);                                                                    \
      }                                                                             \
    }                                                                               \
    qsort(samples, runs, sizeof(double), compare_doubles);                          \
    print_result(ID, samples[runs / 2], out);                                       \
  } while (0)

int main(int argc, char **argv) {
  long iterations = argc > 1 ? atol(argv[1]) : 200000;
  int runs = argc > 2 ? atoi(argv[2]) : 5;
  if (iterations < 1) iterations = 1;
  if (runs < 1) runs = 1;
  if (runs > 64) runs = 64;
  if (argc > 3 && strcmp(argv[3], "cpu") == 0) clock_id = CLOCK_THREAD_CPUTIME_ID;

  UErrorCode status = U_ZERO_ERROR;
  ucal_setDefaultTimeZone(u_uastrcpy((UChar[8]){0}, "UTC"), &status);

  UChar name[8];
  u_uastrcpy(name, "Ada");
  UChar gender[8];
  u_uastrcpy(gender, "female");

  UMessageFormat *one_arg = open_format("Welcome back, {0}", "en_US");
  RUN_CASE("icu.oneArgument", one_arg, name);

  UMessageFormat *plural =
      open_format("{0, plural, =0 {No items} one {# item} other {# items}}", "en_US");
  RUN_CASE("icu.plural", plural, (double)3);

  UMessageFormat *nested = open_format(
      "{0, select, female {{1, plural, one {She has # message} other {She has # messages}}} "
      "male {{1, plural, one {He has # message} other {He has # messages}}} "
      "other {{1, plural, one {They have # message} other {They have # messages}}}}",
      "en_US");
  RUN_CASE("icu.selectNestedPlural", nested, gender, (double)5);

  UMessageFormat *currency = open_format("{0, number, ::currency/EUR .00}", "nl_NL");
  RUN_CASE("icu.currency", currency, (double)1234.5);

  UMessageFormat *date = open_format("{0, date, long}", "en_US");
  RUN_CASE("icu.date", date, (UDate)1779235200000.0);

  umsg_close(one_arg);
  umsg_close(plural);
  umsg_close(nested);
  umsg_close(currency);
  umsg_close(date);
  return 0;
}
