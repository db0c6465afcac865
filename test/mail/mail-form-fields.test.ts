import { describe, expect, it } from "vitest";
import { mailForm } from "../../src/tools/mail/form.js";

/**
 * A mail said as a form whose last field is a file (nlu57, issue 16): the body stopped only at
 * the end of the sentence, so "… and attach ~/x.jpg" was sent as words and nothing attached.
 */
describe("a mail form's later fields", () => {
  it("a file attached after the body is no part of it", () => {
    const form = mailForm(
      "mail the caretaker, subject leak, body it is dripping again, and attach ~/Photos/leak.jpg",
    );
    expect(form?.body).toBe("it is dripping again");
    expect(form?.attachments).toEqual(["~/Photos/leak.jpg"]);
    expect(mailForm("email Rob, subject plan, text see below, with plan.pdf attached")?.attachments).toEqual([
      "plan.pdf",
    ]);
  });

  it("a draft is one said of the mail, not a word inside its body", () => {
    expect(mailForm("email Lee, subject notes, say the draft is ready")?.draft).toBe(false);
    expect(mailForm("email Lee, subject notes, say it is ready, but don't send it")?.draft).toBe(true);
  });
});
