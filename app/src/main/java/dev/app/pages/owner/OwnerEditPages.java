package dev.app.pages.owner;

import dev.dongchimi.Catalog;
import dev.dongchimi.Flyers;
import dev.dongchimi.Mart;
import dev.dongchimi.MartInput;
import dev.dongchimi.PriceChange;
import dev.dongchimi.Product;
import dev.platform.accounts.CurrentUser;
import dev.platform.web.ApiProblem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * What a mart owner changes from the pages: the mart's name, address, hours and phone; a product's
 * prices and sale period, inline in the products table (htmx swaps the row; without script the form
 * posts and the page reloads); a flyer's page images and dates. Through 동치미's {@link Catalog} and
 * {@link Flyers} with the signed-in account, so the rules and refusals (400 with the API's code,
 * 403 another owner's mart, 404 a missing one) are the API's.
 */
@Controller
class OwnerEditPages {
  private final Catalog catalog;
  private final Flyers flyers;

  OwnerEditPages(Catalog catalog, Flyers flyers) {
    this.catalog = catalog;
    this.flyers = flyers;
  }

  /** The form's fields, as typed (kept when refused, so the owner fixes rather than retypes). */
  record MartForm(
      String name, String address, String phone, String openingHours, String closedDays) {
    static MartForm of(Mart mart) {
      return new MartForm(
          mart.name(), mart.address(), mart.phone(), mart.openingHours(), mart.closedDays());
    }
  }

  @GetMapping("/owner/marts/{martId}/edit")
  String editMart(CurrentUser user, @PathVariable long martId, Model model) {
    Mart mart = catalog.ownedMart(martId, user.id());
    model.addAttribute("mart", mart);
    model.addAttribute("form", MartForm.of(mart));
    return "pages/owner/mart-edit";
  }

  @PostMapping("/owner/marts/{martId}/edit")
  String saveMart(
      CurrentUser user,
      @PathVariable long martId,
      @RequestParam(defaultValue = "") String name,
      @RequestParam(defaultValue = "") String address,
      @RequestParam(defaultValue = "") String phone,
      @RequestParam(name = "opening_hours", defaultValue = "") String openingHours,
      @RequestParam(name = "closed_days", defaultValue = "") String closedDays,
      jakarta.servlet.http.HttpServletResponse response,
      Model model,
      RedirectAttributes redirect) {
    Mart mart = catalog.ownedMart(martId, user.id());
    MartForm form = new MartForm(name, address, phone, openingHours, closedDays);
    try {
      // The API's PATCH: an empty optional field clears it; the location stays as it is.
      catalog.updateMart(
          martId,
          user.id(),
          new MartInput(name, address, null, null, phone, openingHours, closedDays));
    } catch (ApiProblem refused) {
      if (refused.status().value() != 400) {
        throw refused;
      }
      response.setStatus(400);
      model.addAttribute("mart", mart);
      model.addAttribute("form", form);
      model.addAttribute("refusal", refused.code());
      return "pages/owner/mart-edit";
    }
    redirect.addFlashAttribute("saved", true);
    return "redirect:/owner/marts/" + martId;
  }

  /** A product row in edit mode (htmx asks for it; without script the mart page shows it so). */
  @GetMapping("/owner/marts/{martId}/products/{productId}/edit")
  String editProduct(
      CurrentUser user, @PathVariable long martId, @PathVariable long productId, Model model) {
    model.addAttribute("mart", catalog.ownedMart(martId, user.id()));
    model.addAttribute("p", productOf(martId, productId));
    return "pages/owner/product-row :: edit";
  }

  @GetMapping("/owner/marts/{martId}/products/{productId}")
  String productRow(
      CurrentUser user, @PathVariable long martId, @PathVariable long productId, Model model) {
    model.addAttribute("mart", catalog.ownedMart(martId, user.id()));
    model.addAttribute("p", productOf(martId, productId));
    return "pages/owner/product-row :: show";
  }

  @PostMapping("/owner/marts/{martId}/products/{productId}/price")
  String savePrice(
      CurrentUser user,
      @PathVariable long martId,
      @PathVariable long productId,
      @RequestParam(name = "regular_price", defaultValue = "") String regular,
      @RequestParam(name = "sale_price", defaultValue = "") String sale,
      @RequestParam(name = "sale_start", defaultValue = "") String start,
      @RequestParam(name = "sale_end", defaultValue = "") String end,
      @RequestHeader(name = "HX-Request", required = false) String htmx,
      jakarta.servlet.http.HttpServletResponse response,
      Model model,
      RedirectAttributes redirect) {
    Mart mart = catalog.ownedMart(martId, user.id());
    Product product = productOf(martId, productId);
    model.addAttribute("mart", mart);
    try {
      Product changed =
          catalog.changePrice(
              productId,
              user.id(),
              new PriceChange(number(regular), number(sale), date(start), date(end)));
      if (htmx == null) {
        return "redirect:/owner/marts/" + martId + "#product-" + productId;
      }
      model.addAttribute("p", changed);
      model.addAttribute("priceSaved", true);
      return "pages/owner/product-row :: show";
    } catch (ApiProblem refused) {
      if (refused.status().value() != 400) {
        throw refused;
      }
      // The row stays in edit mode with what was typed and the API's code next to it. htmx swaps
      // a 4xx answer only when told to (pages.js allows 400 for these rows).
      TypedPrice typed = new TypedPrice(regular, sale, start, end);
      if (htmx == null) {
        // Without script: the mart page again, this row in edit mode with the refusal.
        redirect.addFlashAttribute("typed", typed);
        redirect.addFlashAttribute("refusal", refused.code());
        return "redirect:/owner/marts/" + martId + "?edit=" + productId + "#product-" + productId;
      }
      response.setStatus(400);
      model.addAttribute("p", product);
      model.addAttribute("typed", typed);
      model.addAttribute("refusal", refused.code());
      return "pages/owner/product-row :: edit";
    }
  }

  /** What the owner typed into a refused row. */
  record TypedPrice(String regularPrice, String salePrice, String saleStart, String saleEnd) {}

  @PostMapping("/owner/marts/{martId}/flyers")
  String uploadFlyer(
      CurrentUser user,
      @PathVariable long martId,
      @RequestParam(defaultValue = "") String title,
      @RequestParam(name = "valid_from", defaultValue = "") String validFrom,
      @RequestParam(name = "valid_to", defaultValue = "") String validTo,
      @RequestParam(name = "pages", required = false) List<MultipartFile> pages,
      RedirectAttributes redirect) {
    flyers.checkOwner(martId, user.id()); // before any page is read into memory
    try {
      List<Flyers.PageUpload> uploads = new ArrayList<>();
      for (MultipartFile page : pages == null ? List.<MultipartFile>of() : pages) {
        if (page.isEmpty()) {
          continue; // the file picker sends one empty part when nothing was chosen
        }
        // The page count, each page's size and type are Flyers.create's to check; the multipart
        // limits (spring.servlet.multipart.*) bound what is read here.
        try (InputStream in = page.getInputStream()) {
          uploads.add(new Flyers.PageUpload(in.readAllBytes()));
        }
      }
      flyers.create(martId, user.id(), title, flyerDate(validFrom), flyerDate(validTo), uploads);
      redirect.addFlashAttribute("flyerSaved", true);
    } catch (ApiProblem refused) {
      if (refused.status().value() == 403 || refused.status().value() == 404) {
        throw refused;
      }
      redirect.addFlashAttribute("flyerError", refused.code());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return "redirect:/owner/marts/" + martId + "#flyers-heading";
  }

  /** The product, when it is this mart's: a product id of another mart is 404 here. */
  private Product productOf(long martId, long productId) {
    Product product = catalog.product(productId);
    if (product.martId() != martId) {
      throw dev.dongchimi.Problem.notFound("product " + productId);
    }
    return product;
  }

  private static Integer number(String text) {
    String t = text.strip().replace(",", "");
    if (t.isEmpty()) {
      return null;
    }
    try {
      return Integer.valueOf(t);
    } catch (NumberFormatException e) {
      throw dev.dongchimi.Problem.invalid("INVALID_PRICE", "a price is a whole number of won");
    }
  }

  private static LocalDate date(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return null;
    }
    try {
      return LocalDate.parse(t);
    } catch (DateTimeParseException e) {
      throw dev.dongchimi.Problem.invalid("INVALID_SALE_WINDOW", "dates are ISO dates");
    }
  }

  private static LocalDate flyerDate(String text) {
    try {
      return text.isBlank() ? null : LocalDate.parse(text.strip());
    } catch (DateTimeParseException e) {
      throw dev.dongchimi.Problem.invalid("INVALID_DATES", "dates are ISO dates");
    }
  }
}
