package dev.dongchimi;

/** A product on sale today at a mart near the asker. */
public record Deal(Product product, String martName, long distanceM) {}
