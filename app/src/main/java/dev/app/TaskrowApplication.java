package dev.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The runnable application: on a bare machine it starts on embedded defaults and says which. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class TaskrowApplication {
  public static void main(String[] args) {
    SpringApplication.run(TaskrowApplication.class, args);
  }
}
