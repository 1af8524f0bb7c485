#ifndef CCURL_H
#define CCURL_H
/*
 * libcurl for ReRune's HTTP transport, loaded on first use.
 *
 * The process does not link libcurl: ccurl_load() opens it with dlopen the first time an HTTP
 * transfer runs (a program that reads OTA sites from a directory, like the previewer on the demo,
 * never maps libcurl and the TLS, Kerberos and LDAP libraries it brings, about 6 MB of resident
 * memory). Every other function here may be called only after ccurl_load() returned NULL.
 *
 * The typed setopt/getinfo wrappers exist because Swift cannot call C variadic functions; each
 * passes exactly the argument type the option documents.
 */
#include <curl/curl.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Loads libcurl (libcurl.so.4) and runs curl_global_init(CURL_GLOBAL_DEFAULT), once per process
 * (thread-safe). Returns NULL when libcurl is ready, otherwise a message saying what failed and
 * what to install; the message stays valid for the life of the process and every later call
 * returns the same one.
 */
const char *ccurl_load(void);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line);
void ccurl_slist_free_all(struct curl_slist *list);

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option,
                                     curl_write_callback callback);
CURLcode ccurl_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback callback);

CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value);

#ifdef __cplusplus
}
#endif

#endif
