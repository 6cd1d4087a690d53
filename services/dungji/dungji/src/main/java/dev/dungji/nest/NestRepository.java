package dev.dungji.nest;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The dungji_nest table. Joins the current Spring transaction. */
public class NestRepository {
  private static final String COLUMNS =
      "id, owner_id, name, address, registry_number, dong, ho, created_at";

  private final JdbcClient jdbc;

  public NestRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public Nest insert(long ownerId, NestForm form) {
    return jdbc.sql(
            "INSERT INTO dungji_nest (owner_id, name, address, registry_number, dong, ho)"
                + " VALUES (:owner, :name, :address, :number, :dong, :ho) RETURNING "
                + COLUMNS)
        .param("owner", ownerId)
        .param("name", form.name())
        .param("address", form.address())
        .param("number", form.registryNumber())
        .param("dong", form.dong())
        .param("ho", form.ho())
        .query(NestRepository::map)
        .single();
  }

  public Optional<Nest> find(long id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_nest WHERE id = :id")
        .param("id", id)
        .query(NestRepository::map)
        .optional();
  }

  /** Seed 000 step 1: the nest row under a lock, so concurrent requests for it queue here. */
  public Optional<Nest> lock(long id) {
    return jdbc.sql("SELECT " + COLUMNS + " FROM dungji_nest WHERE id = :id FOR UPDATE")
        .param("id", id)
        .query(NestRepository::map)
        .optional();
  }

  public List<Nest> findByOwner(long ownerId, int limit) {
    return jdbc.sql(
            "SELECT "
                + COLUMNS
                + " FROM dungji_nest WHERE owner_id = :owner ORDER BY id DESC LIMIT :limit")
        .param("owner", ownerId)
        .param("limit", limit)
        .query(NestRepository::map)
        .list();
  }

  public long countByOwner(long ownerId) {
    return jdbc.sql("SELECT count(*) FROM dungji_nest WHERE owner_id = :owner")
        .param("owner", ownerId)
        .query(Long.class)
        .single();
  }

  private static Nest map(ResultSet rs, int row) throws SQLException {
    return new Nest(
        rs.getLong("id"),
        rs.getLong("owner_id"),
        rs.getString("name"),
        rs.getString("address"),
        rs.getString("registry_number"),
        rs.getString("dong"),
        rs.getString("ho"),
        rs.getTimestamp("created_at").toInstant());
  }
}
