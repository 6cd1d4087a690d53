package dev.tools.faults;

/** One fault played against real processes, ending with an audit. */
interface Scenario {
  String name();

  ScenarioResult run(SuiteContext context) throws Exception;
}
