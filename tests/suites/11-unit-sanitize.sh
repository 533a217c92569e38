#!/usr/bin/env bash
# The same unit tests built with AddressSanitizer + UndefinedBehaviorSanitizer.
# CK_FORK=no keeps each test in one process so ASan sees everything.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export DABLO_TEST_QUICK=1
export DABLO_SUITE_NAME=unit-sanitize
CK_FORK=no exec build/test_unit_san
