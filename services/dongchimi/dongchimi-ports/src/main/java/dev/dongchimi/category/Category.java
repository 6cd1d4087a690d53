package dev.dongchimi.category;

import java.util.Optional;

/** The product taxonomy: a stable code and its Korean label. */
public enum Category {
  FRUIT("과일"),
  VEGETABLE("채소"),
  GRAIN_NUT("쌀·잡곡·견과"),
  MEAT_EGG("정육·계란"),
  SEAFOOD("수산·건어물"),
  DAIRY("우유·유제품"),
  TOFU_KIMCHI("두부·김치·반찬"),
  NOODLE("면·라면"),
  READY_MEAL("즉석·간편식"),
  FROZEN("냉동식품"),
  SNACK("과자·간식"),
  BEVERAGE("음료·생수·커피"),
  ALCOHOL("주류"),
  SAUCE_OIL("양념·소스·오일"),
  BAKERY("베이커리·빵"),
  HOUSEHOLD("생활용품·세제"),
  OTHER("기타");

  private final String label;

  Category(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static Optional<Category> of(String code) {
    for (Category category : values()) {
      if (category.name().equals(code)) {
        return Optional.of(category);
      }
    }
    return Optional.empty();
  }
}
