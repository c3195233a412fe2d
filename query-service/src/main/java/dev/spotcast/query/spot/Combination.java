package dev.spotcast.query.spot;

/**
 * One (level, step) pair an interpolation needs: positions in the run's lists (for the sharding
 * rule) and the values stored in documents.
 */
public record Combination(int levelPosition, int stepPosition, int level, int step) {}
