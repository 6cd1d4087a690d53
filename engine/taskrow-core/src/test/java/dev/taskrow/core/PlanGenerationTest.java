package dev.taskrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * When the task table's growth renews the statements' plans (the database side:
 * EmptyTablePlanTest).
 */
class PlanGenerationTest {
  private final PlanGeneration plans = new PlanGeneration();

  @Test
  void aTableThatDoublesRenewsUntilItIsLargeEnoughForKeyProbes() {
    plans.tableHas(0);
    plans.tableHas(PlanGeneration.FIRST_RENEWAL_PAGES - 1);
    assertThat(plans.current()).as("below the first renewal's size").isZero();

    plans.tableHas(30);
    assertThat(plans.current()).isEqualTo(1);
    plans.tableHas(59);
    assertThat(plans.current()).as("not yet twice the size").isEqualTo(1);
    plans.tableHas(60);
    assertThat(plans.current()).isEqualTo(2);

    plans.tableHas(PlanGeneration.SETTLED_PAGES * 3);
    int settled = plans.current();
    plans.tableHas(PlanGeneration.SETTLED_PAGES * 100);
    assertThat(plans.current()).as("past the settled size").isEqualTo(settled);
  }

  @Test
  void theFirstReadingOfALargeTableRenewsOnce() {
    plans.tableHas(50_000);
    plans.tableHas(200_000);
    assertThat(plans.current()).isEqualTo(1);
  }

  @Test
  void aTableThatShrankRenewsAgainWhenItGrows() {
    plans.tableHas(PlanGeneration.SETTLED_PAGES * 2);
    assertThat(plans.current()).isEqualTo(1);
    plans.tableHas(0); // truncated, or every row pruned and the file shortened
    plans.tableHas(40);
    assertThat(plans.current()).isEqualTo(2);
  }

  @Test
  void noPlanIsKeptWhileTheTableIsTooSmallForOne() {
    assertThat(plans.plansWithValues()).as("before the first reading").isTrue();
    plans.tableHas(PlanGeneration.FIRST_RENEWAL_PAGES - 1);
    assertThat(plans.plansWithValues()).isTrue();
    plans.tableHas(PlanGeneration.FIRST_RENEWAL_PAGES);
    assertThat(plans.plansWithValues()).isFalse();
    assertThat(plans.current()).isEqualTo(1);

    plans.tableHas(3); // truncated: a kept plan would be replanned on no pages
    assertThat(plans.plansWithValues()).isTrue();
    plans.tableHas(PlanGeneration.FIRST_RENEWAL_PAGES + 1);
    assertThat(plans.plansWithValues()).isFalse();
    assertThat(plans.current()).as("a new generation: plans made at this size").isEqualTo(2);
  }
}
