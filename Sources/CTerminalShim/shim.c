#include "CTerminalShim.h"
int cterminal_shim_version(void) { return 1; }
