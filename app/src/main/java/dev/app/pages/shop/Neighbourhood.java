package dev.app.pages.shop;

import java.util.List;
import java.util.Optional;

/**
 * The neighbourhoods a shopper can pick instead of sharing a location: the demo data's four
 * districts and a few other busy stations of Seoul, each at its station.
 */
record Neighbourhood(String code, String name, double lat, double lng) {
  static final List<Neighbourhood> ALL =
      List.of(
          new Neighbourhood("gangnam", "강남역", 37.4979, 127.0276),
          new Neighbourhood("hongdae", "홍대입구", 37.5572, 126.9245),
          new Neighbourhood("jamsil", "잠실", 37.5133, 127.1001),
          new Neighbourhood("nowon", "노원", 37.6542, 127.0568),
          new Neighbourhood("seoul-station", "서울역", 37.5547, 126.9707),
          new Neighbourhood("yeouido", "여의도", 37.5216, 126.9242));

  static Optional<Neighbourhood> of(String code) {
    return ALL.stream().filter(n -> n.code().equals(code)).findFirst();
  }
}
