// main_test.cpp — Catch2 v2's main(); every other file in tests/ holds TEST_CASEs only.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
