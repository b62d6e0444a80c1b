"""Developer tools: benchmarks, fitting scripts, card art and screenshot scripts (not shipped)."""
