#include "CICU4CReference.h"

#include <stdio.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/umsg.h>
#include <unicode/ustring.h>

enum { case_count = 5 };

static const char *const ids[case_count] = {
    "icu.oneArgument", "icu.plural", "icu.selectNestedPlural", "icu.currency", "icu.date",
};

static UMessageFormat *formats[case_count];
static UChar name[8];
static UChar gender[8];
static UChar output[512];
static char failure[256];

static UMessageFormat *open_format(const char *pattern, const char *locale) {
  UChar upattern[512];
  UErrorCode status = U_ZERO_ERROR;
  u_uastrcpy(upattern, pattern);
  UParseError parse_error;
  UMessageFormat *format = umsg_open(upattern, -1, locale, &parse_error, &status);
  if (U_FAILURE(status)) {
    snprintf(failure, sizeof failure, "umsg_open(%s): %s", pattern, u_errorName(status));
    return NULL;
  }
  return format;
}

const char *icu4c_reference_open(void) {
  if (formats[0] != NULL) return NULL;
  UErrorCode status = U_ZERO_ERROR;
  UChar utc[8];
  u_uastrcpy(utc, "UTC");
  ucal_setDefaultTimeZone(utc, &status);
  u_uastrcpy(name, "Ada");
  u_uastrcpy(gender, "female");
  const char *patterns[case_count] = {
      "Welcome back, {0}",
      "{0, plural, =0 {No items} one {# item} other {# items}}",
      "{0, select, female {{1, plural, one {She has # message} other {She has # messages}}} "
      "male {{1, plural, one {He has # message} other {He has # messages}}} "
      "other {{1, plural, one {They have # message} other {They have # messages}}}}",
      "{0, number, ::currency/EUR .00}",
      "{0, date, long}",
  };
  const char *locales[case_count] = {"en_US", "en_US", "en_US", "nl_NL", "en_US"};
  for (int index = 0; index < case_count; index++) {
    formats[index] = open_format(patterns[index], locales[index]);
    if (formats[index] == NULL) return failure;
  }
  return NULL;
}

int icu4c_reference_case(const char *id) {
  for (int index = 0; index < case_count; index++) {
    if (strcmp(ids[index], id) == 0) return index;
  }
  return -1;
}

int icu4c_reference_format(int index) {
  if (index < 0 || index >= case_count || formats[index] == NULL) return -1;
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  switch (index) {
  case 0: length = umsg_format(formats[0], output, 512, &status, name); break;
  case 1: length = umsg_format(formats[1], output, 512, &status, (double)3); break;
  case 2: length = umsg_format(formats[2], output, 512, &status, gender, (double)5); break;
  case 3: length = umsg_format(formats[3], output, 512, &status, (double)1234.5); break;
  default: length = umsg_format(formats[4], output, 512, &status, (UDate)1779235200000.0); break;
  }
  return U_FAILURE(status) ? -1 : length;
}

int icu4c_reference_sample(int index, char *buffer, int capacity) {
  if (icu4c_reference_format(index) < 0) return -1;
  UErrorCode status = U_ZERO_ERROR;
  u_strToUTF8(buffer, capacity, NULL, output, -1, &status);
  return U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING ? -1 : 0;
}
