// The back office's one stylesheet (served as /assets/backoffice.css: the CSP allows styles from 'self'
// only). Calm and plain: system fonts, one accent, AA contrast, visible focus, 768 px breakpoint.
export const backofficeCss = `
:root{--ink:#1d2433;--muted:#4f5a6b;--line:#d5dae2;--bg:#f5f6f8;--card:#fff;--accent:#1f4e8c;--accent-ink:#fff;--ok:#1e6b3a;--ok-bg:#e5f3ea;--warn:#8a3b00;--warn-bg:#fdf0e3;--err:#a1161d;--err-bg:#fdecec;--focus:#f2b705}
*{box-sizing:border-box}
html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
body{margin:0}
a{color:var(--accent)}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0;background:var(--card);padding:.5rem 1rem;z-index:10}
.skip:focus{left:1rem;top:.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.top{background:#14213d;color:#fff;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding:.6rem 1.25rem}
.top a{color:#fff}
.brand{margin:0;font-weight:700}
.brand a{text-decoration:none}
.top nav ul,.langs,.queues ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem}
.top nav a{text-decoration:none;padding:.25rem 0;border-bottom:2px solid transparent}
.top nav a[aria-current=page]{border-bottom-color:#fff;font-weight:600}
.who{margin-left:auto;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;font-size:.9rem}
.langs span[aria-current]{font-weight:700;text-decoration:underline}
.me .roles{color:#d6dce8}
button.link{background:none;border:0;color:#fff;text-decoration:underline;padding:0;font:inherit;cursor:pointer;min-height:auto}
form.inline{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
main{max-width:1200px;margin:0 auto;padding:1.25rem}
main:focus{outline:none}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
h2{font-size:1.15rem;margin:0 0 .75rem}
h3{font-size:1rem;margin:0 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem 1.25rem;margin:0 0 1rem}
.narrow{max-width:26rem}
.notice{padding:.75rem 1rem;border-radius:6px;border:1px solid;margin:0 0 1rem}
.notice.error{background:var(--err-bg);border-color:var(--err);color:var(--err)}
.notice.success{background:var(--ok-bg);border-color:var(--ok);color:var(--ok)}
.field{display:flex;flex-direction:column;gap:.2rem;margin:0 0 .8rem;min-width:0}
label,legend{font-weight:600}
.hint,.muted{color:var(--muted);font-size:.875rem}
input,select,textarea{font:inherit;color:var(--ink);background:#fff;border:1px solid #7a8494;border-radius:4px;padding:.45rem .55rem;width:100%;max-width:28rem}
input[type=checkbox]{width:auto;margin:0 .35rem 0 0}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--err);border-width:2px}
.field-error{color:var(--err);font-size:.9rem;font-weight:600}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.5rem;font:inherit;font-weight:600;background:var(--accent);color:var(--accent-ink);border:1px solid var(--accent);border-radius:4px;padding:.4rem 1rem;cursor:pointer;text-decoration:none}
.button.secondary{background:#fff;color:var(--accent)}
button.danger{background:var(--err);border-color:var(--err)}
fieldset{border:0;padding:0;margin:0 0 .8rem}
.check{display:inline-flex;align-items:center;margin:.2rem .9rem .2rem 0}
.check label{font-weight:400}
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:0 1rem;align-items:end;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem 1rem .2rem;margin:0 0 1rem}
.actions-row{flex-direction:row;gap:.5rem}
.queues{margin:0 0 1rem}
.queues a{display:inline-flex;gap:.4rem;align-items:center;padding:.35rem .75rem;border:1px solid var(--line);border-radius:999px;background:var(--card);text-decoration:none;color:var(--ink)}
.queues a[aria-current=page]{background:var(--accent);border-color:var(--accent);color:#fff}
.queues a.warn{border-color:var(--warn);color:var(--warn)}
.queues a.warn[aria-current=page]{background:var(--warn);color:#fff}
.count{font-weight:700}
.table-wrap{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:8px;margin:0 0 1rem}
.card .table-wrap{border:0}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.55rem .7rem;border-bottom:1px solid var(--line);vertical-align:top}
td{overflow-wrap:break-word}
th,td.num{overflow-wrap:normal;white-space:nowrap}
dd,.me{overflow-wrap:anywhere}
.table-wrap:focus-visible{outline:3px solid var(--focus)}
thead th{font-size:.85rem;color:var(--muted);background:#fafbfc}
.num{text-align:right;font-variant-numeric:tabular-nums}
tr.overdue td:first-child{box-shadow:inset 4px 0 0 var(--warn)}
.warn-text{color:var(--warn)}
.badge{display:inline-block;font-size:.8rem;font-weight:600;border-radius:4px;padding:.05rem .45rem;background:#e8ebf0;color:var(--ink)}
.badge.p-paid,.badge.s-complete,.badge.ok{background:var(--ok-bg);color:var(--ok)}
.badge.s-cancelled,.badge.p-failed,.badge.warn{background:var(--warn-bg);color:var(--warn)}
.customer-text{white-space:pre-line;overflow-wrap:anywhere}
.customer-card{overflow-wrap:anywhere}
.store{font-size:.75rem;color:var(--muted);font-weight:600}
.pager{display:flex;gap:1rem;align-items:center;justify-content:center;margin:1rem 0}
.pager .disabled{color:var(--muted)}
.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.5rem 1.5rem;margin:0 0 1rem}
.facts dt,.details dt{font-size:.85rem;color:var(--muted)}
.facts dd,.details dd{margin:0}
.facts address{font-style:normal}.facts address .line{display:block}
.details{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:.25rem 0 0;font-size:.9rem}
.details div{display:flex;gap:.35rem}
.timeline{list-style:none;margin:0;padding:0 0 0 1rem;border-left:2px solid var(--line)}
.timeline li{margin:0 0 1rem;position:relative}
.timeline li::before{content:"";position:absolute;left:-1.45rem;top:.45rem;width:.7rem;height:.7rem;border-radius:50%;background:var(--accent)}
.timeline p{margin:0}
.message{white-space:pre-wrap}
.action-grid{display:grid;gap:1rem}
.action{border:1px solid var(--line);border-radius:6px;padding:.9rem 1rem;min-width:0}
.action.danger{border-color:#e3b3b5}
.action.danger h3{color:var(--err)}
.operator-edit{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center}
.operator-edit fieldset{margin:0}
.operator-edit .name-input{max-width:12rem}
tr.disabled td{color:var(--muted)}
.back{margin:0 0 .75rem}
.empty{color:var(--muted)}
/* issue 24: the order page as a workbench */
button.secondary{background:#fff;color:var(--accent)}
.next-step{border-color:var(--accent);box-shadow:inset 4px 0 0 var(--accent)}
table.sums tfoot th{text-align:right;font-weight:400}
table.sums tr.sum-row th,table.sums tr.sum-row td{border-top:2px solid var(--ink);font-weight:700}
ul.plain{list-style:none;margin:0 0 .75rem;padding:0}
ul.plain li{padding:.15rem 0}
.notes .note .customer-text{margin:.1rem 0 0}
@media (min-width:768px){
  .action-grid{grid-template-columns:repeat(auto-fit,minmax(20rem,1fr))}
  .filters .field:first-of-type{grid-column:span 2}
}
@media (max-width:767px){
  .top{padding:.6rem .9rem}
  .who{margin-left:0}
  main{padding:1rem .75rem}
  th,td{padding:.45rem .4rem}
  .card{padding:.9rem .8rem}
  .filters{grid-template-columns:1fr 1fr}
  .filters .actions-row{grid-column:1/-1}
  .filters .field:first-of-type{grid-column:1/-1}
  table.orders thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
  table.orders tr{display:block;border-bottom:1px solid var(--line);padding:.5rem 0}
  table.orders td{overflow-wrap:anywhere;display:grid;grid-template-columns:7.5rem 1fr;gap:.5rem;border:0;padding:.2rem .75rem}
  table.orders td::before{content:attr(data-label);font-size:.85rem;color:var(--muted);font-weight:600}
  table.orders td.num{text-align:left}
}
button.secondary{background:#fff;color:var(--accent)}
button.small,.button.small{min-height:2rem;padding:.2rem .6rem;font-size:.9rem}
.views .save-view input{max-width:16rem}
.bulk-bar{margin:0 0 .75rem}
td.select{width:2.5rem}
.bulk-fields{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
.bulk-fields input{max-width:14rem}
.list-tools{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:flex-end;margin:0 0 1rem}
.views ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem .9rem}
.views li{display:flex;gap:.3rem;align-items:center}
th a.sort{color:inherit}
tr.refused td{background:var(--err-bg)}
.slip{margin:0 0 1.25rem}
.slip-facts{display:flex;flex-wrap:wrap;gap:.25rem 1.5rem;margin:0 0 .75rem}
.slip-facts dt{font-size:.85rem;color:var(--muted)}
.slip-facts dd{margin:0;font-weight:600}
.slip address .line{display:block}
.slip-lines{width:100%;border-collapse:collapse;margin-top:.75rem}
.slip-lines th,.slip-lines td{border-bottom:1px solid var(--line);padding:.4rem .5rem;text-align:left}
.slip-lines .num{text-align:right}
/* issue 26: the second factor's enrolment */
.qr{width:12rem;height:12rem;background:#fff;margin:.5rem 0}
.qr svg{width:100%;height:100%;display:block}
code.secret{word-break:break-all;font-size:1.05rem}
.recovery-codes{columns:2;list-style:none;padding:0;font-size:1.1rem}
@media print{
  html{background:#fff;font-size:11pt}
  .top,.skip,.no-print,main>h1,.notice{display:none}
  main{max-width:none;padding:0}
  .slip{border:0;box-shadow:none;padding:0;margin:0;break-after:page;page-break-after:always}
  .slip:last-child{break-after:auto;page-break-after:auto}
  a{color:inherit;text-decoration:none}
}
`;
