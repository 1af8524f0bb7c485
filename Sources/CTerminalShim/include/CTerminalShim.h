#ifndef CTERMINAL_SHIM_H
#define CTERMINAL_SHIM_H
/// Placeholder: the terminal helper fills this in.
int cterminal_shim_version(void);
#endif
