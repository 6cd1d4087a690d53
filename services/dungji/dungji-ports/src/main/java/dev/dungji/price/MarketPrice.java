package dev.dungji.price;

/**
 * A market price and where it comes from, so the report can say how much to trust it.
 *
 * @param won the price in won
 * @param source {@code ENTERED} (the tenant's own figure) or an adapter's name ({@code MOLIT})
 * @param basis how it was found, for a human ("2026-10~2026-11 매매 3건 중앙값, 전용 84.97㎡ ±3㎡")
 * @param samples how many deals it rests on (1 for an entered price)
 */
public record MarketPrice(long won, String source, String basis, int samples) {}
