/**
 * A form's refusal in words under its fields (docs/product-spec.md §8: never a browser alert): announced as it
 * appears, long unbroken words wrapped. Nothing while there is none. `id` lets a field name it in aria-describedby.
 */
export function FormError({ message, id }: { message: string | null | undefined | false; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm wrap-anywhere text-red-400">
      {message}
    </p>
  );
}
