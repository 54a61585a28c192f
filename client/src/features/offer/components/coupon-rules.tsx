/** Token rules of the lucky draw, in Bengali (spec §1, §9: one free token per t-shirt purchased). */
export function CouponRules() {
  return (
    <section className="card offer-rules" aria-labelledby="offer-rules-title" lang="bn">
      <h2 id="offer-rules-title" className="section-title">
        কুপন ও টোকেনের নিয়মাবলি
      </h2>
      <ol>
        <li>প্রতিটি টি-শার্ট কেনার সাথে একটি করে ফ্রি লাকি ড্র টোকেন পাবেন।</li>
        <li>অর্ডার কনফার্ম হওয়ার পর টোকেন নম্বর আপনার অর্ডার ট্র্যাকিং পেজে দেখা যাবে।</li>
        <li>যত বেশি টি-শার্ট কিনবেন, বিজয়ী হওয়ার সম্ভাবনা তত বেশি।</li>
        <li>প্রত্যেক অংশগ্রহণকারী ১০% পর্যন্ত নিশ্চিত ছাড় পাবেন।</li>
        <li>বাতিল বা ফেরত দেওয়া অর্ডারের টোকেন ড্রতে গণ্য হবে না।</li>
        <li>বিজয়ীদের ফোন নম্বরে যোগাযোগ করা হবে; কর্তৃপক্ষের সিদ্ধান্তই চূড়ান্ত।</li>
      </ol>
    </section>
  );
}
