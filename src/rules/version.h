/*
 * version.h - the version of every dablo program (bin/dablo's "id name",
 * dablo-match --version).
 */
#ifndef DABLO_VERSION_H
#define DABLO_VERSION_H

#define DABLO_VERSION "1.0"

#endif
