// libxml2's tree parser and its error structure (ReRune's XML property-list reader).
//
// Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system's <unicode/ucnv.h>,
// whose enums clash with the ICU that Foundation bundles (_FoundationICU) in the same Swift module.
// Nothing here uses libxml2's ICU converters (only the layout of xmlCharEncodingHandler, which Swift
// never touches, depends on it), so the header is read without them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/globals.h>

// The calling thread's structured error handler (libxml2 keeps it per thread): errors that libxml2
// raises without a parser context (encoding conversion, I/O) go there instead of being printed by
// the generic handler. Returns the previous handler and context through the out-parameters.
static inline void rerune_xml_swap_structured_error(
    xmlStructuredErrorFunc handler, void *context,
    xmlStructuredErrorFunc *previous_handler, void **previous_context) {
  if (previous_handler) *previous_handler = xmlStructuredError;
  if (previous_context) *previous_context = xmlStructuredErrorContext;
  xmlSetStructuredErrorFunc(context, handler);
}

// Tests: counts the calls of this thread's generic error function, the channel through which
// libxml2 prints to stderr by default (the reader must never reach it). NULL puts back the default.
static void rerune_xml_count_generic_error(void *counter, const char *message, ...) {
  (void)message;
  if (counter) ++*(int *)counter;
}
static inline void rerune_xml_count_generic_errors(int *counter) {
  xmlSetGenericErrorFunc(counter, counter ? rerune_xml_count_generic_error : NULL);
}
