import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { CheckboxField, Field, TextareaField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { CATEGORY_LIMITS as L, CategoryEditSchema, categoryEditDefaults, type CategorySections } from "~/kit/assets/landing/category";

/**
 * The landing page's category sections, as one plain form: only
 * the fields of the sections the page has (a developer tool's install command,
 * repository and e-mail form switch; a local service's area and prices; a
 * product's box and origin). Works without JavaScript.
 */
export function CategoryEditor({ category, emailForm, lastResult }: { category: CategorySections; emailForm: boolean; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const { fields, formProps, errorsFor, form } = useValidatedForm({ id: "landing-category", schema: CategoryEditSchema, lastResult, defaultValue: categoryEditDefaults(category, emailForm) });
  const developer = Boolean(category.install || category.repository !== undefined);
  return (
    <Form method="post" {...formProps} className="space-y-4">
      {form.errors?.length ? <p role="alert" className="text-sm text-red-700">{form.errors[0]}</p> : null}
      {category.install ? (
        <Field label="Install command" hint="Shown as a code block; visitors copy it." inputProps={{ ...getInputProps(fields.command, { type: "text" }), maxLength: L.command, spellCheck: false, autoComplete: "off" }} errors={errorsFor("command", fields.command.errors)} />
      ) : null}
      {developer ? (
        <>
          <Field
            label="Repository address"
            hint="Where the source code is (GitHub, GitLab…). The page links to it once you add it."
            inputProps={{ ...getInputProps(fields.repository, { type: "url" }), placeholder: "https://github.com/…", maxLength: L.url }}
            errors={errorsFor("repository", fields.repository.errors)}
          />
          <CheckboxField label="Also ask visitors for their e-mail (a sign-up form at the end of the page)" inputProps={getInputProps(fields.emailForm, { type: "checkbox" })} />
        </>
      ) : null}
      {category.area ? (
        <>
          <Field label="Where you work" inputProps={{ ...getInputProps(fields.areaBody, { type: "text" }), maxLength: L.body }} errors={errorsFor("areaBody", fields.areaBody.errors)} />
          <Field label="Places, separated by commas" hint="Up to 6, shown as tags." inputProps={{ ...getInputProps(fields.places, { type: "text" }), maxLength: 400 }} errors={errorsFor("places", fields.places.errors)} />
        </>
      ) : null}
      {category.prices ? (
        <>
          <Field label="About your prices" inputProps={{ ...getInputProps(fields.pricesBody, { type: "text" }), maxLength: L.body }} errors={errorsFor("pricesBody", fields.pricesBody.errors)} />
          <TextareaField label="Prices, one a line" hint={'Like "Full groom: from $60". Without a price, the line says "Quote on request".'} textareaProps={{ ...getTextareaProps(fields.prices), rows: 4 }} errors={errorsFor("prices", fields.prices.errors)} />
        </>
      ) : null}
      {!category.prices ? (
        <div data-testid="add-your-price">
          <TextareaField
            label="Add your price"
            hint={'No price was given, so the published page shows none. One a line, like "Weekly camp: €295". Leave it empty to keep prices off the page.'}
            textareaProps={{ ...getTextareaProps(fields.prices), rows: 3 }}
            errors={errorsFor("prices", fields.prices.errors)}
          />
        </div>
      ) : null}
      {category.inTheBox ? (
        <TextareaField label="What's in the box, one item a line" hint={'Like "Two bags of beans: roasted the week they ship".'} textareaProps={{ ...getTextareaProps(fields.box), rows: 4 }} errors={errorsFor("box", fields.box.errors)} />
      ) : null}
      {category.schedule ? (
        <div data-testid="add-your-dates">
          <Field label="When it runs" inputProps={{ ...getInputProps(fields.scheduleBody, { type: "text" }), maxLength: L.body }} errors={errorsFor("scheduleBody", fields.scheduleBody.errors)} />
          <TextareaField
            label="Dates and details, one a line"
            hint={'Add your dates, group size and what to bring, like "Week 1: 6–10 July", "Groups of 8", "Bring an apron". Up to 6; only what you write here is shown.'}
            textareaProps={{ ...getTextareaProps(fields.times), rows: 4 }}
            errors={errorsFor("times", fields.times.errors)}
          />
        </div>
      ) : null}
      {category.origin ? (
        <Field label="Where it comes from" inputProps={{ ...getInputProps(fields.originBody, { type: "text" }), maxLength: L.body }} errors={errorsFor("originBody", fields.originBody.errors)} />
      ) : null}
      <Button type="submit" name="intent" value="save-category" size="sm">Save these sections</Button>
    </Form>
  );
}
