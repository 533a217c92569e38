#!/usr/bin/env bash
# Unit tests (Check), optimised build.  Check prints its own summary; the
# runner's main prints the SUITE line from srunner_ntests_run/failed.
exec build/test_unit
