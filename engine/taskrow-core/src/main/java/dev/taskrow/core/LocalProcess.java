package dev.taskrow.core;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;

/** This process as the worker registry and default worker ids name it: its host and its pid. */
final class LocalProcess {
  private LocalProcess() {}

  static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      return "unknown-host";
    }
  }

  static long pid() {
    return ManagementFactory.getRuntimeMXBean().getPid();
  }
}
