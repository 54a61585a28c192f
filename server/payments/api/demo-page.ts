/** Text for the page: HTML-escaped. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The demo gateway's stand-in for bKash's payment page (issue 34): a small page of the store, labelled as a demo
 * in English and Bengali, where the shopper approves, fails or cancels the payment. Each button posts the choice;
 * the store then sends the shopper to the same callback bKash would.
 */
export function demoPage(paymentId: string, view: { orderId: string; amountPaisa: number }): string {
  const amount = (view.amountPaisa / 100).toFixed(2);
  const id = escape(paymentId);
  const button = (choice: string, en: string, bn: string, tone: string) =>
    `<form method="post" action="/api/payments/demo/pay"><input type="hidden" name="paymentId" value="${id}"><input type="hidden" name="choice" value="${choice}"><button class="${tone}" type="submit" data-choice="${choice}">${en} / ${bn}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo payment — bKash stand-in</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#fdf2f7;color:#222}
main{max-width:420px;margin:0 auto;padding:16px}
.banner{background:#fff3cd;border:2px dashed #b58100;padding:10px;border-radius:8px;font-weight:600}
.card{background:#fff;border-radius:12px;padding:16px;margin-top:12px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
button{width:100%;min-height:48px;margin-top:10px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.ok{background:#e2136e;color:#fff}.fail{background:#6c757d;color:#fff}.cancel{background:#fff;border:1px solid #999}
</style></head>
<body><main>
<p class="banner" role="note">DEMO — no money moves. This page stands in for bKash. / ডেমো — কোনো টাকা কাটা হবে না। এই পাতাটি বিকাশের বদলে দেখানো হচ্ছে।</p>
<div class="card">
<h1>Pay ৳${amount} / ৳${amount} পরিশোধ করুন</h1>
<p>Order / অর্ডার: <strong>${escape(view.orderId)}</strong></p>
${button('success', 'Approve payment', 'পেমেন্ট অনুমোদন করুন', 'ok')}
${button('failure', 'Fail payment', 'পেমেন্ট ব্যর্থ করুন', 'fail')}
${button('cancel', 'Cancel', 'বাতিল করুন', 'cancel')}
</div>
</main></body></html>`;
}
