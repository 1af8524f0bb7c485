/*
 * ccurl_load and the wrappers of CCurl.h: libcurl's entry points resolved with dlopen/dlsym once,
 * then called through this table.
 */
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#if defined(__APPLE__)
#define CCURL_LIBRARY "libcurl.4.dylib"
#define CCURL_INSTALL "libcurl 4 (macOS ships it in /usr/lib)"
#else
#define CCURL_LIBRARY "libcurl.so.4"
#define CCURL_INSTALL "libcurl 4 (Debian: apt-get install libcurl4)"
#endif

static struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  CURLcode (*easy_perform)(CURL *handle);
  const char *(*easy_strerror)(CURLcode code);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
  void (*slist_free_all)(struct curl_slist *list);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_message[512];

/* dlsym into `slot`; on failure records which symbol is missing and returns 0. */
static int resolve(void *library, const char *name, void **slot) {
  *slot = dlsym(library, name);
  if (*slot != NULL) return 1;
  const char *reason = dlerror();
  snprintf(load_message, sizeof load_message,
           "%s has no %s (%s); HTTP OTA sites need %s", CCURL_LIBRARY, name,
           reason != NULL ? reason : "symbol not found", CCURL_INSTALL);
  load_failure = load_message;
  return 0;
}

static void load(void) {
  void *library = dlopen(CCURL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(load_message, sizeof load_message,
             "libcurl could not be loaded (%s); HTTP OTA sites need %s",
             reason != NULL ? reason : CCURL_LIBRARY, CCURL_INSTALL);
    load_failure = load_message;
    return;
  }
  if (!resolve(library, "curl_global_init", (void **)&api.global_init) ||
      !resolve(library, "curl_easy_init", (void **)&api.easy_init) ||
      !resolve(library, "curl_easy_cleanup", (void **)&api.easy_cleanup) ||
      !resolve(library, "curl_easy_perform", (void **)&api.easy_perform) ||
      !resolve(library, "curl_easy_strerror", (void **)&api.easy_strerror) ||
      !resolve(library, "curl_easy_setopt", (void **)&api.easy_setopt) ||
      !resolve(library, "curl_easy_getinfo", (void **)&api.easy_getinfo) ||
      !resolve(library, "curl_slist_append", (void **)&api.slist_append) ||
      !resolve(library, "curl_slist_free_all", (void **)&api.slist_free_all)) {
    return;
  }
  CURLcode code = api.global_init(CURL_GLOBAL_DEFAULT);
  if (code != CURLE_OK) {
    snprintf(load_message, sizeof load_message,
             "libcurl failed to initialise (%s, curl error %d)", api.easy_strerror(code),
             (int)code);
    load_failure = load_message;
  }
}

const char *ccurl_load(void) {
  pthread_once(&load_once, load);
  return load_failure;
}

CURL *ccurl_easy_init(void) { return api.easy_init(); }

void ccurl_easy_cleanup(CURL *handle) { api.easy_cleanup(handle); }

CURLcode ccurl_easy_perform(CURL *handle) { return api.easy_perform(handle); }

const char *ccurl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) {
  return api.slist_append(list, line);
}

void ccurl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option,
                                     curl_write_callback callback) {
  return api.easy_setopt(handle, option, callback);
}

CURLcode ccurl_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback callback) {
  return api.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return api.easy_getinfo(handle, info, value);
}

CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
  return api.easy_getinfo(handle, info, value);
}

CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return api.easy_getinfo(handle, info, value);
}
