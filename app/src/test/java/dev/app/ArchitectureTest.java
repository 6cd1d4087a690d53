package dev.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * The dependency rule of the layout (docs/adr/0002-module-layout.md): the engine ({@code
 * dev.taskrow}) knows no product and its core no framework; the platform ({@code dev.platform})
 * knows no service; a service ({@code dev.dungji}, {@code dev.dongchimi}) knows the engine, the
 * platform and its own ports, never an adapter nor the other service; an adapter knows only the
 * port it implements; only the app ({@code dev.app}) chooses implementations.
 */
class ArchitectureTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importProductionClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev");
  }

  private static final ArchRule CORE_KNOWS_NO_FRAMEWORK =
      noClasses()
          .that()
          .resideInAPackage("dev.taskrow.core..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.springframework..", "jakarta..", "dev.taskrow.spring..", "dev.app..");

  @Test
  void importsEveryLayer() {
    assertThat(classes.contain("dev.taskrow.core.Taskrow")).isTrue();
    assertThat(classes.contain("dev.taskrow.spring.TaskrowAutoConfiguration")).isTrue();
    assertThat(classes.contain("dev.platform.storage.ObjectStorage")).isTrue();
    assertThat(classes.contain("dev.platform.web.Problems")).isTrue();
    assertThat(classes.contain("dev.dungji.issuer.RegistryIssuer")).isTrue();
    assertThat(classes.contain("dev.dungji.adapter.registry.http.HttpRegistryIssuer")).isTrue();
    assertThat(classes.contain("dev.dongchimi.ai.ProductAi")).isTrue();
    assertThat(classes.contain("dev.dongchimi.adapter.ai.openai.OpenAiProductAi")).isTrue();
    assertThat(classes.contain(TaskrowApplication.class)).isTrue();
    assertThat(classes.contain(ArchitectureTest.class)).isFalse();
  }

  @Test
  void theEngineCoreDependsOnNoFrameworkAndNoModuleAboveIt() {
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
  void theEngineKnowsNoPlatformNoServiceAndNoApp() {
    noClasses()
        .that()
        .resideInAPackage("dev.taskrow..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.platform..", "dev.dungji..", "dev.dongchimi..", "dev.app..")
        .check(classes);
  }

  @Test
  void thePlatformKnowsNoServiceAndNoApp() {
    noClasses()
        .that()
        .resideInAPackage("dev.platform..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.dungji..", "dev.dongchimi..", "dev.app..")
        .check(classes);
  }

  @Test
  void servicesKnowNoAdapterNoOtherServiceAndNoApp() {
    noClasses()
        .that()
        .resideInAPackage("dev.dungji..")
        .and()
        .resideOutsideOfPackage("dev.dungji.adapter..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.dungji.adapter..", "dev.dongchimi..", "dev.app..")
        .check(classes);
    noClasses()
        .that()
        .resideInAPackage("dev.dongchimi..")
        .and()
        .resideOutsideOfPackage("dev.dongchimi.adapter..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.dongchimi.adapter..", "dev.dungji..", "dev.app..")
        .check(classes);
  }

  @Test
  void theServicesPortsArePlainJava() {
    classes()
        .that()
        .resideInAnyPackage(
            "dev.dungji.issuer..",
            "dev.dungji.ocr..",
            "dev.dongchimi.ai..",
            "dev.dongchimi.category..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "java..",
            "dev.dungji.issuer..",
            "dev.dungji.ocr..",
            "dev.dongchimi.ai..",
            "dev.dongchimi.category..")
        .check(classes);
  }

  @Test
  void dungjisAdaptersKnowOnlyTheirPort() {
    // The sandbox draws its certificates with the one bundled font (platform/fonts).
    adapterKnowsOnly("dev.dungji.adapter.registry..", "dev.dungji.issuer..", "dev.platform.fonts");
    adapterKnowsOnly("dev.dungji.adapter.ocr..", "dev.dungji.ocr..");
    adapterKnowsOnly("dev.dungji.adapter.price..", "dev.dungji.price..");
  }

  @Test
  void dongchimisAdaptersKnowOnlyTheirPort() {
    adapterKnowsOnly(
        "dev.dongchimi.adapter.ai..", "dev.dongchimi.ai..", "dev.dongchimi.category..");
  }

  @Test
  void storageAdaptersKnowOnlyTheStoragePort() {
    adapterKnowsOnly("dev.platform.storage.local..", "dev.platform.storage");
    adapterKnowsOnly("dev.platform.storage.s3..", "dev.platform.storage");
  }

  @Test
  void theAdapterRuleCatchesAViolation() {
    // The import module is not an adapter: held to the adapter rule, it must fail.
    assertThatThrownBy(() -> adapterKnowsOnly("dev.dongchimi.importer..", "dev.dongchimi.ai.."))
        .isInstanceOf(AssertionError.class);
  }

  /** An adapter may use the JDK, its libraries and its own port's packages, nothing of ours. */
  private static void adapterKnowsOnly(String adapterPackage, String... portPackages) {
    noClasses()
        .that()
        .resideInAPackage(adapterPackage)
        .should()
        .dependOnClassesThat(
            DescribedPredicate.describe(
                "a class of ours outside " + String.join(", ", portPackages),
                (JavaClass target) ->
                    target.getPackageName().startsWith("dev.")
                        && !inAny(target.getPackageName(), adapterPackage)
                        && !inAny(target.getPackageName(), portPackages)))
        .check(classes);
  }

  /** ArchUnit's package syntax, for the two forms used here: "a.b.." (and below) or "a.b". */
  private static boolean inAny(String packageName, String... patterns) {
    for (String pattern : patterns) {
      if (pattern.endsWith("..")) {
        String root = pattern.substring(0, pattern.length() - 2);
        if (packageName.equals(root) || packageName.startsWith(root + ".")) {
          return true;
        }
      } else if (packageName.equals(pattern)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Error bodies are built in one place, the web module's {@code Problems}, so every module answers
   * in one shape; the engine, which may not know the platform, throws Spring's {@code
   * ErrorResponseException} and lets the platform's advice render it.
   */
  @Test
  void onlyTheWebModuleBuildsProblemBodies() {
    buildsNoProblemBody("dev.platform.web..").check(classes);
  }

  @Test
  void theProblemBodyRuleCatchesAViolation() {
    // The web module itself does build them: held to the rule, it must fail.
    assertThatThrownBy(() -> buildsNoProblemBody("dev.app..").check(classes))
        .isInstanceOf(AssertionError.class);
  }

  private static ArchRule buildsNoProblemBody(String except) {
    return noClasses()
        .that()
        .resideOutsideOfPackage(except)
        .should()
        .callMethod(ProblemDetail.class, "forStatus", HttpStatusCode.class)
        .orShould()
        .callMethod(ProblemDetail.class, "forStatus", int.class)
        .orShould()
        .callMethod(ProblemDetail.class, "forStatusAndDetail", HttpStatusCode.class, String.class);
  }

  @Test
  void theSpringModuleDoesNotDependOnTheApp() {
    noClasses()
        .that()
        .resideInAPackage("dev.taskrow.spring..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.app..")
        .check(classes);
  }
}
