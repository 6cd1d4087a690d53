package dev.taskrow.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency rule of the architecture: the engine knows no framework, domain modules know no
 * adapter, adapters know only their port, and only the app (and auto-configuration) chooses.
 */
class ArchitectureTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importProductionClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.taskrow");
  }

  private static final ArchRule CORE_KNOWS_NO_FRAMEWORK =
      noClasses()
          .that()
          .resideInAPackage("dev.taskrow.core..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.springframework..", "jakarta..", "dev.taskrow.spring..", "dev.taskrow.app..");

  @Test
  void importsTheEngineAndTheApplication() {
    assertThat(classes.contain("dev.taskrow.core.Taskrow")).isTrue();
    assertThat(classes.contain("dev.taskrow.spring.TaskrowAutoConfiguration")).isTrue();
    assertThat(classes.contain(TaskrowApplication.class)).isTrue();
    assertThat(classes.contain(ArchitectureTest.class)).isFalse();
  }

  @Test
  void theEngineDependsOnNoFrameworkAndNoModuleAboveIt() {
    CORE_KNOWS_NO_FRAMEWORK.check(classes);
  }

  @Test
  void theEngineRuleCatchesAViolation() {
    // The same rule applied to the Spring module must fail: it does use Spring.
    ArchRule springAsIfCore =
        noClasses()
            .that()
            .resideInAPackage("dev.taskrow.spring..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.springframework..");
    assertThatThrownBy(() -> springAsIfCore.check(classes)).isInstanceOf(AssertionError.class);
  }

  @Test
  void domainModulesDependOnNoAdapterAndNotOnTheApp() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.taskrow.dungji..", "dev.taskrow.dongchimi..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.taskrow.adapter..", "dev.taskrow.app..")
        .allowEmptyShould(true)
        .check(classes);
  }

  @Test
  void adaptersDoNotDependOnTheApp() {
    noClasses()
        .that()
        .resideInAPackage("dev.taskrow.adapter..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.taskrow.app..")
        .allowEmptyShould(true)
        .check(classes);
  }

  @Test
  void theSpringModuleDoesNotDependOnTheApp() {
    noClasses()
        .that()
        .resideInAPackage("dev.taskrow.spring..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.taskrow.app..")
        .check(classes);
  }
}
