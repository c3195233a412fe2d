package dev.spotcast.testsupport;

import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Stops the {@link SharedKafka} broker once all tests of the JVM have run, while the JVM is still
 * up. Registered through {@code META-INF/services}, so every module whose tests use this library
 * gets it without configuration.
 */
public final class SharedKafkaShutdown implements TestExecutionListener {

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    SharedKafka.stop();
  }
}
