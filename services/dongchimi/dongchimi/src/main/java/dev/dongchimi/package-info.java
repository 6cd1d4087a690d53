/**
 * 동치미: marts, flyers, products and deals near the user (seed 001).
 *
 * <p>The domain services are {@link dev.dongchimi.Catalog} (marts with the owner rule, favourites,
 * products: {@code upsertProducts} is the entry point for the Excel import) and {@link
 * dev.dongchimi.Flyers} (page images through the {@code dev.platform.storage.ObjectStorage} port).
 * Flyway versions {@code 4.x} under {@code db/migration/dongchimi}.
 */
package dev.dongchimi;
