/*
 * fuzz_inputs.h - what the fuzz targets of dablo-match's input files
 * share: the input bytes as a file the parser can open by name.
 */
#ifndef DABLO_FUZZ_INPUTS_H
#define DABLO_FUZZ_INPUTS_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* Writes data to a memory file once per process and returns its name
 * ("/proc/self/fd/N"); each call replaces the content. */
static inline const char *fuzz_input_file(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz-input", MFD_CLOEXEC);
        if (fd < 0) abort();
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size) abort();
    return path;
}

#endif
