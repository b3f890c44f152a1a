#!/usr/bin/env bash
# The whole test suite: engine unit, integration and property tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --locked
