/**
 * 동치미: marts, flyers, products and deals near the user (seed 001).
 *
 * <p>The domain services are {@link dev.taskrow.dongchimi.Catalog} (marts with the owner rule,
 * favourites, products: {@code upsertProducts} is the entry point for the Excel import) and {@link
 * dev.taskrow.dongchimi.Flyers} (page images through the {@code dev.taskrow.storage.ObjectStorage}
 * port). Flyway versions {@code 4.x} under {@code db/migration/dongchimi}.
 */
package dev.taskrow.dongchimi;
