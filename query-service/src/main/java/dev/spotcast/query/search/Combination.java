package dev.spotcast.query.search;

/**
 * One (level, step) pair an interpolation needs: positions in the run's axes, levels and steps (for
 * the sharding rule) and the values stored in documents.
 */
public record Combination(
    int axisPosition, int levelPosition, int stepPosition, double level, int step) {}
