package dev.dongchimi.ai;

/** A picture that might show a product: its URL and what its source calls it. */
public record ImageCandidate(String url, String title) {}
