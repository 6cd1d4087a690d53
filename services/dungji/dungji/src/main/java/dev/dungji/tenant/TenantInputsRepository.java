package dev.dungji.tenant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The dungji_tenant_inputs table: one row per nest, replaced whole by each PUT. */
public class TenantInputsRepository {
  private static final String COLUMNS =
      "nest_id, deposit, monthly_rent, landlord_name, contract_date, market_price, lawd_code,"
          + " updated_at";

  private final JdbcClient jdbc;

  public TenantInputsRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Inserts or replaces the nest's inputs (a PUT is the whole set: absent fields become null). */
  public TenantInputs save(long nestId, TenantInputsForm form) {
    return jdbc.sql(
            """
            INSERT INTO dungji_tenant_inputs
                (nest_id, deposit, monthly_rent, landlord_name, contract_date, market_price,
                 lawd_code)
            VALUES (:nest, :deposit, :rent, :landlord, :contract, :price, :lawd)
            ON CONFLICT (nest_id) DO UPDATE SET
                deposit = EXCLUDED.deposit,
                monthly_rent = EXCLUDED.monthly_rent,
                landlord_name = EXCLUDED.landlord_name,
                contract_date = EXCLUDED.contract_date,
                market_price = EXCLUDED.market_price,
                lawd_code = EXCLUDED.lawd_code,
                updated_at = now()
            RETURNING\s"""
                + COLUMNS)
        .param("nest", nestId)
        .param("deposit", form.deposit())
        .param("rent", form.monthlyRent())
        .param("landlord", blankToNull(form.landlordName()))
        .param("contract", form.contractDate())
        .param("price", form.marketPrice())
        .param("lawd", form.lawdCode())
        .query(TenantInputsRepository::map)
        .single();
  }

  public Optional<TenantInputs> find(long nestId) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_tenant_inputs WHERE nest_id = :nest")
        .param("nest", nestId)
        .query(TenantInputsRepository::map)
        .optional();
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }

  private static TenantInputs map(ResultSet rs, int row) throws SQLException {
    java.sql.Date contract = rs.getDate("contract_date");
    return new TenantInputs(
        rs.getLong("nest_id"),
        rs.getLong("deposit"),
        (Long) rs.getObject("monthly_rent", Long.class),
        rs.getString("landlord_name"),
        contract == null ? null : contract.toLocalDate(),
        (Long) rs.getObject("market_price", Long.class),
        rs.getString("lawd_code"),
        rs.getTimestamp("updated_at").toInstant());
  }
}
