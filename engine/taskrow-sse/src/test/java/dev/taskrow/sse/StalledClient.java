package dev.taskrow.sse;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/** A raw socket that sends its request for a stream and reads nothing until told to. */
record StalledClient(String name, Socket socket) {
  static StalledClient open(int port, UUID task, String name) throws IOException {
    Socket socket = new Socket();
    // Before connect, so that the window the server sees is small from the start.
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress("127.0.0.1", port));
    socket.setSoTimeout(30_000);
    OutputStream out = socket.getOutputStream();
    out.write(
        ("GET /tasks/"
                + task
                + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                + "X-Client: "
                + name
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return new StalledClient(name, socket);
  }

  /** The ids of the events the stream delivers, read up to its end. */
  List<String> readToTheEnd() throws IOException {
    InputStream in = new BufferedInputStream(socket.getInputStream());
    boolean chunked = false;
    for (String line = line(in); !line.isEmpty(); line = line(in)) {
      chunked |= line.toLowerCase().equals("transfer-encoding: chunked");
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (chunked) {
      for (int size = Integer.parseInt(line(in).split(";")[0].strip(), 16);
          size > 0;
          size = Integer.parseInt(line(in).split(";")[0].strip(), 16)) {
        body.write(in.readNBytes(size));
        line(in);
      }
    } else {
      in.transferTo(body);
    }
    return body.toString(StandardCharsets.UTF_8)
        .lines()
        .filter(l -> l.startsWith("id:"))
        .map(l -> l.substring(3).strip())
        .toList();
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("the stream ended in the middle of a line");
      }
      line.write(b);
    }
    return line.toString(StandardCharsets.US_ASCII).stripTrailing();
  }
}
