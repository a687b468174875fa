#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with Foundation's own copy of ICU. We never use the ICU
// parts of libxml2's API, so leave them out of the module.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>
