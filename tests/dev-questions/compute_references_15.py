#!/usr/bin/env python3
"""References of development set 15 (tests/dev-questions/questions-dev-15.jsonl), computed blind and independently.

Set 15 is about EVERYTHING AT ONCE: each computation combines three or more of a period (dates, months, seasons,
halves, day ranges, lists, exclusions of dates), a region (halves, quadrants, thirds, a cell of a 3 x 3 grid, a pixel
window with stated numbering, a lon/lat box), a condition on the same or another variable (°C / °F thresholds on
kelvin data, inclusive / exclusive bounds, negations), a statistic with its order (pooled vs mean of per-date values),
a combination (a signed difference, a ratio, a percent change with its base), an answer unit (°C, °F, K, %, a
fraction, km2, ha, pixels) and, on the Landsat scene, the BQA mask and the TOA / BT calibration from the MTL.

Every value is chosen so that dropping or misreading any one of its parts gives a visibly different number:
`misreadings` keeps the values of those readings (region ignored, condition dropped, negation dropped, pooled for
per-date, the °C threshold read as kelvin, the sign flipped, the other base, the other numbering of a window, the
ends of a day range excluded, clouds kept, raw DN for TOA, ...) and `put` asserts each lies outside the tolerance.

GDAL 3.6 + numpy, float64, population std. LST = DN / 50 K (DN 0 nodata), NDVI = DN / 10000 (nodata -32768; the 0..1
reading and the reading keeping negatives, spanned where the question does not state one), TVDI per the benchmark
README with both bin-edge assignments, periods = mean of per-date means unless pooled, dates with no valid LST left
out, halves / thirds / 3 x 3 cells with every floor / ceil cut combination spanned (rows 857|858, 1286|1287,
1715|1716; columns 866|867, 1299|1300, 1732|1733; Landsat rows 86|87, 129|130, 172|173, columns 85, 127|128, 170),
lon/lat boxes centre-inside / any-overlap spanned, windows as stated (0- or 1-based, ends included), Landsat TOA =
2e-5 DN - 0.1 without sun-elevation correction, BT from the MTL, BQA bit 0 fill, bit 4 cloud. Statistics come from
integer DN histograms kept per block of the cut lines (7 x 7 blocks), so every cut combination and every pooling is
exact; percentiles are numpy's linear / lower / higher / nearest (checked against np.percentile). One date in
memory at a time: a dry run of every computation records which (condition, date) histograms it needs, one pass over
the dates fills them, then the computations run for real.

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_15.py   (~40 s on 2 cores)
Writes tests/dev-questions/references-15.json.
"""
import json
import math
import os
import sys
import time

import numpy as np
from osgeo import gdal, osr

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LSDIR = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LSP = os.path.join(LSDIR, 'LC08_L1TP_016037_20170813_20170814_01_RT_')
OUT = os.path.join(HERE, 'references-15.json')

T0 = time.time()
INTERP = ('linear', 'lower', 'higher', 'nearest')
DATES = sorted({n.split('_')[1] for n in os.listdir(Q46) if n.endswith('.tif')})
assert len(DATES) == 23
R_EARTH = 6378137.0
E2 = 0.00669437999014
NR, NC = 2573, 2599
REDGE = (0, 857, 858, 1286, 1287, 1715, 1716, NR)     # every row cut of thirds and halves, floor and ceil
CEDGE = (0, 866, 867, 1299, 1300, 1732, 1733, NC)     # every column cut
NB = 7
LO = {'lst': 12000, 'ndvi': -2100}
KK = {'lst': 4600, 'ndvi': 12101}
SCALE = {'lst': 50.0, 'ndvi': 10000.0}

LSTDEF = 'LST = DN/50 K (DN 0 nodata)'
NDVIDEF = 'NDVI = DN/10000 (nodata -32768)'
LSDEF = ('Landsat 8 2017-08-13: TOA reflectance = 2e-5 DN - 0.1 (MTL, no sun-elevation correction), BT = K2 / ln(K1 / L '
         '+ 1) with L = 3.342e-4 DN + 0.1 (MTL), BQA bit 0 fill, bit 4 cloud')


def band(path, i=1):
    ds = gdal.Open(path)  # keep the dataset alive while its band is read (GDAL 3.6 segfaults otherwise)
    b = ds.GetRasterBand(i)
    a = b.ReadAsArray()
    del b, ds
    return a


def k2c(k):
    return k - 273.15


def k2f(k):
    return (k - 273.15) * 1.8 + 32


def c2k(c):
    return c + 273.15


def f2k(f):
    return (f - 32) / 1.8 + 273.15


# ====================================================================================== percentiles from hist
def hpct(hist, offset, q, scale):
    """np.percentile(values, q, method=m) for the four methods, from a histogram of integer DNs (value = DN / scale)."""
    cum = np.cumsum(hist)
    n = int(cum[-1])
    h = (n - 1) * (q / 100.0)
    lo, hi = math.floor(h), math.ceil(h)
    at = lambda k: (int(np.searchsorted(cum, k, side='right')) + offset) / scale  # noqa: E731
    vlo, vhi = at(lo), at(hi)
    g = h - lo
    return {'linear': vlo + (vhi - vlo) * g, 'lower': vlo, 'higher': vhi, 'nearest': at(int(np.around(h)))}


def selfcheck_percentiles():
    rng = np.random.default_rng(15)
    for arr in (np.array([1, 2, 3, 4]), np.array([1, 2, 2, 5, 7, 9]), np.arange(11) ** 2, rng.integers(0, 50, 1001)):
        h = np.bincount(arr)
        for q in (50, 25, 75, 10, 90, 30):
            p = hpct(h, 0, q, 1.0)
            for m in INTERP:
                assert abs(float(np.percentile(arr, q, method=m)) - p[m]) < 1e-12, (arr, q, m)


# ================================================================================================== TVDI
def tvdi(ldn, ndn, edge):
    """TVDI (benchmark README) as a full array (nan where undefined): pixels with valid LST and 0 <= NDVI <= 1; 100
    equal bins between the min and max NDVI; per bin max LST (dry) and min LST (wet); each edge a least-squares line
    against the bin centres; (LST - wet) / (dry - wet) clipped to [0, 1]. edge 'up' = floor((n - lo) / w), 'down' =
    ceil(...) - 1. None under 100 px."""
    m = (ldn > 0) & (ndn >= 0) & (ndn <= 10000)
    if m.sum() < 100:
        return None
    n, t = ndn[m] / 10000.0, ldn[m] / 50.0
    lo, hi = n.min(), n.max()
    w = (hi - lo) / 100.0
    k = np.floor((n - lo) / w) if edge == 'up' else np.ceil((n - lo) / w) - 1
    k = np.clip(k, 0, 99).astype(np.int16)
    order = np.argsort(k, kind='stable')
    ks, ts = k[order], t[order]
    starts = np.flatnonzero(np.r_[True, ks[1:] != ks[:-1]])
    bins = ks[starts].astype(np.int64)
    dry = np.maximum.reduceat(ts, starts)
    wet = np.minimum.reduceat(ts, starts)
    centre = lo + w * (bins + 0.5)
    pd = np.polyfit(centre, dry, 1)
    pw = np.polyfit(centre, wet, 1)
    out = np.full(ldn.shape, np.nan)
    out[m] = np.clip((t - np.polyval(pw, n)) / (np.polyval(pd, n) - np.polyval(pw, n)), 0.0, 1.0)
    return out


# ============================================================================================ grid geometry
with_ds = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif'))
GT = with_ds.GetGeoTransform()
del with_ds
assert GT[1] == 30 and GT[5] == -30 and GT[2] == 0 and GT[4] == 0


def row_areas():
    ytop = GT[3] - 30.0 * np.arange(NR)
    ybot = ytop - 30.0
    lat = lambda y: 2 * np.arctan(np.exp(y / R_EARTH)) - math.pi / 2  # noqa: E731
    p2, p1 = lat(ytop), lat(ybot)
    dlon = 30.0 / R_EARTH
    sphere = R_EARTH ** 2 * dlon * (np.sin(p2) - np.sin(p1))
    e = math.sqrt(E2)
    b2 = R_EARTH ** 2 * (1 - E2)

    def f(p):
        s = np.sin(p)
        return s / (1 - E2 * s * s) + np.log((1 + e * s) / (1 - e * s)) / (2 * e)

    ell = b2 * dlon / 2 * (f(p2) - f(p1))
    pc = lat(GT[3] - 30.0 * (np.arange(NR) + 0.5))
    assert np.allclose(sphere, 900.0 * np.cos(pc) ** 2, rtol=1e-6)
    return {'sphere': sphere, 'ellipsoid': ell}


RA = row_areas()
RBLK = np.searchsorted(REDGE, np.arange(NR), side='right') - 1
CBLK = np.searchsorted(CEDGE, np.arange(NC), side='right') - 1
BID = (RBLK[:, None] * NB + CBLK[None, :]).astype(np.int64)
RC = (np.arange(NR)[:, None] * NB + CBLK[None, :]).astype(np.int64)   # row x column-block key for areas


def lon_of_x(x):
    return np.degrees(x / R_EARTH)


def lat_of_y(y):
    return np.degrees(2 * np.arctan(np.exp(y / R_EARTH)) - math.pi / 2)


def box_mask(lon1, lon2, lat1, lat2, mode):
    """q46 pixels of a lon/lat box: 'centre' = pixel centre inside, 'overlap' = any part of the pixel inside (the
    grid is EPSG:3857, whose columns are meridians and rows parallels, so both tests are separable)."""
    c = np.arange(NC)
    r = np.arange(NR)
    if mode == 'centre':
        lon = lon_of_x(GT[0] + (c + 0.5) * 30)
        lat = lat_of_y(GT[3] - (r + 0.5) * 30)
        cm = (lon >= lon1) & (lon <= lon2)
        rm = (lat >= lat1) & (lat <= lat2)
    else:
        lw, le = lon_of_x(GT[0] + c * 30), lon_of_x(GT[0] + (c + 1) * 30)
        ln, ls = lat_of_y(GT[3] - r * 30), lat_of_y(GT[3] - (r + 1) * 30)
        cm = (le > lon1) & (lw < lon2)
        rm = (ln > lat1) & (ls < lat2)
    return rm[:, None] & cm[None, :]


BOXES = {'boxA': (87.60, 87.90, 43.70, 43.90), 'boxB': (87.55, 87.75, 43.55, 43.75), 'boxC': (87.85, 88.10, 43.60, 43.85)}
MASKS = {}


def region_mask(name):
    """Named extra masks (boxes under both readings, pixel windows)."""
    if name not in MASKS:
        if name.startswith('box'):
            b, mode = name.split(':')
            MASKS[name] = box_mask(*BOXES[b], mode)
        elif name.startswith('win'):
            r0, r1, c0, c1 = (int(x) for x in name[4:].split(','))   # 0-based inclusive rows r0..r1, cols c0..c1
            m = np.zeros((NR, NC), bool)
            m[r0:r1 + 1, c0:c1 + 1] = True
            MASKS[name] = m
        else:
            raise KeyError(name)
    return MASKS[name]


# ============================================================================================ regions on blocks
def rect_blocks(r0, r1, c0, c1):
    i0, i1 = REDGE.index(r0), REDGE.index(r1)
    j0, j1 = CEDGE.index(c0), CEDGE.index(c1)
    return [i * NB + j for i in range(i0, i1) for j in range(j0, j1)]


ALLB = list(range(NB * NB))


def region(name):
    """{reading label: list of block ids} over every floor / ceil cut combination."""
    H2R, H2C = (1286, 1287), (1299, 1300)
    T1R, T2R = (857, 858), (1715, 1716)
    T1C, T2C = (866, 867), (1732, 1733)
    out = {}
    if name == 'all':
        return {'all': ALLB}
    if name in ('N', 'S'):
        for rc in H2R:
            out[f'r{rc}'] = rect_blocks(0, rc, 0, NC) if name == 'N' else rect_blocks(rc, NR, 0, NC)
    elif name in ('W', 'E'):
        for cc in H2C:
            out[f'c{cc}'] = rect_blocks(0, NR, 0, cc) if name == 'W' else rect_blocks(0, NR, cc, NC)
    elif name in ('NE', 'NW', 'SE', 'SW'):
        for rc in H2R:
            for cc in H2C:
                rr = (0, rc) if name[0] == 'N' else (rc, NR)
                cr = (0, cc) if name[1] == 'W' else (cc, NC)
                out[f'r{rc}c{cc}'] = rect_blocks(*rr, *cr)
    elif name in ('Ttop', 'Tmid', 'Tbot'):
        for a in T1R:
            for b in T2R:
                rr = {'Ttop': (0, a), 'Tmid': (a, b), 'Tbot': (b, NR)}[name]
                if name != 'Tmid' and ((name == 'Ttop' and b != T2R[0]) or (name == 'Tbot' and a != T1R[0])):
                    continue
                out[f'r{a}_{b}' if name == 'Tmid' else f'r{rr[0]}_{rr[1]}'] = rect_blocks(*rr, 0, NC)
    elif name in ('Twest', 'Tcen', 'Teast', 'W23'):
        for a in T1C:
            for b in T2C:
                cr = {'Twest': (0, a), 'Tcen': (a, b), 'Teast': (b, NC), 'W23': (0, b)}[name]
                out[f'c{cr[0]}_{cr[1]}'] = rect_blocks(0, NR, *cr)
    elif name.startswith('g'):          # g<row><col>, 0..2: a cell of the 3 x 3 grid; 'g11c' = everything but g11
        i, j = int(name[1]), int(name[2])
        for a in T1R:
            for b in T2R:
                for c in T1C:
                    for e in T2C:
                        rr = ((0, a), (a, b), (b, NR))[i]
                        cr = ((0, c), (c, e), (e, NC))[j]
                        bl = rect_blocks(*rr, *cr)
                        if name.endswith('c'):
                            bl = [x for x in ALLB if x not in bl]
                        out[f'r{rr[0]}_{rr[1]}c{cr[0]}_{cr[1]}'] = bl
    else:
        raise KeyError(name)
    # drop duplicate readings (same blocks)
    seen, ded = set(), {}
    for k, v in out.items():
        t = tuple(sorted(v))
        if t not in seen:
            seen.add(t)
            ded[k] = sorted(v)
    return ded


# ================================================================================================ the engine
# COND: name -> (var, fn(ctx) -> bool mask). var in lst, ndvi, tvdi_up, tvdi_down.
COND = {}


def cond(name, var, fn):
    COND[name] = (var, fn)
    return name


class Ctx:
    def __init__(self, d):
        self.d = d
        self.l = band(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int32)
        self.n = band(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif')).astype(np.int32)
        assert self.l.shape == (NR, NC) and self.n.shape == (NR, NC)
        self._tv = {}

    def tv(self, edge):
        if edge not in self._tv:
            self._tv[edge] = tvdi(self.l, self.n, edge)
        return self._tv[edge]


DRY = True
REQ = set()
STORE = {}
ROWS = {}


def _fake(var):
    if var.startswith('tvdi'):
        return (np.ones(NB * NB), np.ones(NB * NB) * 2)
    h = np.zeros((NB * NB, KK[var]), np.int64)
    h[:, 1000:1010] = 1
    return h


def H(ck, d):
    """Block histogram (49 x K) of the condition's variable on one date (TVDI: per-block sum and count)."""
    if DRY:
        REQ.add((ck, d))
        return _fake(COND[ck][0])
    return STORE[(ck, d)]


def RW(ck, d):
    if DRY:
        REQ.add((ck, d))
        return np.ones((NR, NB), np.int64)
    return ROWS[(ck, d)]


def fill(ctx, ck):
    var, fn = COND[ck]
    m = fn(ctx)
    if var.startswith('tvdi'):
        t = ctx.tv(var[5:])
        if t is None:
            m = np.zeros_like(m)
            t = np.zeros(m.shape)
        m = m & ~np.isnan(t)
        b = BID[m]
        STORE[(ck, ctx.d)] = (np.bincount(b, weights=t[m], minlength=NB * NB), np.bincount(b, minlength=NB * NB).astype(float))
    else:
        a = ctx.l if var == 'lst' else ctx.n
        v = a[m] - LO[var]
        assert v.size == 0 or (v.min() >= 0 and v.max() < KK[var]), (ck, ctx.d)
        STORE[(ck, ctx.d)] = np.bincount(BID[m] * KK[var] + v, minlength=NB * NB * KK[var]).reshape(NB * NB, KK[var])
    ROWS[(ck, ctx.d)] = np.bincount(RC[m], minlength=NR * NB).reshape(NR, NB)


def hist(ck, d, blocks):
    return H(ck, d)[blocks].sum(axis=0)


def vals(var):
    return (LO[var] + np.arange(KK[var])) / SCALE[var]


def hmean(h, var):
    n = h.sum()
    return float((h * vals(var)).sum() / n) if n else float('nan')


def hstd(h, var):
    n = h.sum()
    x = vals(var)
    m = (h * x).sum() / n
    return float(math.sqrt(max((h * (x - m) ** 2).sum() / n, 0.0)))


def hp(h, var, q):
    return hpct(h, LO[var], q, SCALE[var])


def stat(ck, d, blocks, s):
    var = COND[ck][0]
    if var.startswith('tvdi'):
        su, n = H(ck, d)
        su, n = su[blocks].sum(), n[blocks].sum()
        if s == 'n':
            return float(n)
        assert s == 'mean'
        return float(su / n) if n else float('nan')
    h = hist(ck, d, blocks)
    if s == 'n':
        return float(h.sum())
    if s == 'mean':
        return hmean(h, var)
    if s == 'std':
        return hstd(h, var)
    raise KeyError(s)


def pct(ck, d, blocks, q):
    return hp(hist(ck, d, blocks), COND[ck][0], q)


def pooled_hist(ck, dates, blocks):
    return sum(hist(ck, d, blocks) for d in dates)


def area(ck, d, which, rows=(0, NR), cblocks=range(NB)):
    """True ground area (m2) of the condition's pixels in rows [r0, r1) and the given column blocks."""
    c = RW(ck, d)[rows[0]:rows[1]][:, list(cblocks)].sum(axis=1)
    return float((c * RA[which][rows[0]:rows[1]]).sum())


def count(ck, d, blocks=ALLB):
    return stat(ck, d, blocks, 'n')


def has_lst(d):
    return d not in ('2019-02-02', '2019-09-30', '2019-12-19')


def in_months(*ms):
    return [d for d in DATES if int(d[5:7]) in ms]


def doy(d):
    y, m, dd = (int(x) for x in d.split('-'))
    return (np.datetime64(d) - np.datetime64(f'{y}-01-01')).astype(int) + 1


# ============================================================================================== bookkeeping
REFS, FACTS = {}, {}
PCT = 0.005   # percentage points
PCHG = 0.01   # percent change
TK = 0.005    # K, °C, °F and their differences
IDX = 1e-4    # indices, ratios, fractions, reflectances
TVT = 5e-4    # TVDI-derived
AREL = 0.005  # q46 true areas, relative


def put(cid, readings, unit, tol, definition, misreadings, note=None, extra=None, rel=None, minspan=None):
    """readings: {label: value} spanned by the tolerance; misreadings: {label: value} of plausible wrong readings of
    the ask, each asserted to lie outside the tolerance. rel: a relative tolerance (areas) instead of `tol`."""
    if DRY:
        return
    vals_ = [float(v) for v in readings.values()]
    assert all(math.isfinite(v) for v in vals_), (cid, readings)
    lo, hi = min(vals_), max(vals_)
    value = (lo + hi) / 2
    if unit in ('pixels', 'dates'):
        assert all(float(v).is_integer() for v in vals_), cid
        tol = 0.5
    if rel is not None:
        tol = rel * abs(value)
    t = tol + (hi - lo) / 2
    REFS[cid] = {'value': value, 'tolerance': t, 'unit': unit, 'readings': {k: float(v) for k, v in readings.items()},
                 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    if extra:
        REFS[cid].update(extra)
    assert misreadings, cid
    bad = []
    for k, x in misreadings.items():
        x = float(x)
        if not (math.isfinite(x) and abs(x - value) > t) and not (isinstance(x, float) and math.isnan(x)):
            bad.append(f'{k} = {x}')
    if bad:
        msg = f'{cid}: misreadings within {value} +- {t}: {bad}'
        if os.environ.get('SOFT'):
            print('  FAIL', msg)
        else:
            raise AssertionError(msg)
    REFS[cid]['misreadings'] = {k: float(x) for k, x in misreadings.items()}
    fin = [abs(float(x) - value) - t for x in misreadings.values() if math.isfinite(float(x))]
    near = min(fin) if fin else float('nan')
    print(f'{cid:6s} {value:.6f} +- {t:.6g} {unit}  (closest misreading {near:.3g} beyond)  [{time.time() - T0:.0f}s]')


def put_refuse(cid, reason, why, facts=None):
    if DRY:
        return
    REFS[cid] = {'kind': 'refuse', 'reason': reason, 'why': why}
    if facts is not None:
        REFS[cid]['facts'] = facts
    print(f'{cid:6s} refuse')


def mean_over(ck, dates, blocks):
    """Mean of the per-date means over the dates that have pixels in the region (the others left out)."""
    v = [stat(ck, d, blocks, 'mean') for d in dates]
    v = [x for x in v if math.isfinite(x)]
    return float(np.mean(v)) if v else float('nan')


def pooled_mean(ck, dates, blocks):
    return hmean(pooled_hist(ck, dates, blocks), COND[ck][0])


def span_regions(name, f):
    """{reading label: f(blocks)} over a region's cut readings."""
    return {k: f(b) for k, b in region(name).items()}


def first(dct):
    return next(iter(dct.values()))


def avg(dct):
    return float(np.mean(list(dct.values())))


# ============================================================================================== conditions
L_VALID = cond('lv', 'lst', lambda c: c.l > 0)
N01 = cond('n01', 'ndvi', lambda c: (c.n >= 0) & (c.n <= 10000))
NLOOSE = cond('nloose', 'ndvi', lambda c: c.n != -32768)


def lgt(dn, strict=True):
    return (lambda c: c.l > dn) if strict else (lambda c: c.l >= dn)


# ======================================================================================== q46 computations
def q46():
    JJA = in_months(6, 7, 8)
    # ---------------------------------------------------------------- a01: NE quadrant, JJA, mean of means, °C
    r = span_regions('NE', lambda b: k2c(mean_over(L_VALID, JJA, b)))
    bNE = region('NE')['r1286c1299']
    put('a01', r, '°C', TK,
        f'mean LST of the north-east quadrant over summer 2019 (June-August: {JJA}), the mean of the six per-date '
        f'quadrant means, in °C (K - 273.15); quadrant cuts rows 1286/1287, columns 1299/1300 spanned; {LSTDEF}.',
        {'whole_image': k2c(mean_over(L_VALID, JJA, ALLB)), 'kelvin': avg(r) + 273.15,
         'pooled': k2c(pooled_mean(L_VALID, JJA, bNE)), 'NW_quadrant': k2c(mean_over(L_VALID, JJA, region('NW')['r1286c1299'])),
         'SE_quadrant': k2c(mean_over(L_VALID, JJA, region('SE')['r1286c1299'])),
         'fahrenheit': k2f(avg(r) + 273.15)})

    # ---------------------------------------------------------------- a02: W half, May, pooled p90, °F
    MAY = in_months(5)
    r = {}
    for k, b in region('W').items():
        p = hp(pooled_hist(L_VALID, MAY, b), 'lst', 90)
        for m in INTERP:
            r[f'{k}_{m}'] = k2f(p[m])
    bW = region('W')['c1299']
    put('a02', r, '°F', TK,
        f'90th percentile of the LST pixels of the western half pooled over the May 2019 acquisitions ({MAY}), in °F '
        f'((K - 273.15) x 1.8 + 32); column cut 1299/1300 and the four interpolations spanned; {LSTDEF}.',
        {'mean_of_per_date_p90': k2f(np.mean([pct(L_VALID, d, bW, 90)['linear'] for d in MAY])),
         'kelvin': hp(pooled_hist(L_VALID, MAY, bW), 'lst', 90)['linear'],
         'celsius': k2c(hp(pooled_hist(L_VALID, MAY, bW), 'lst', 90)['linear']),
         'east_half': k2f(hp(pooled_hist(L_VALID, MAY, region('E')['c1299']), 'lst', 90)['linear']),
         'whole_image': k2f(hp(pooled_hist(L_VALID, MAY, ALLB), 'lst', 90)['linear']),
         'median': k2f(hp(pooled_hist(L_VALID, MAY, bW), 'lst', 50)['linear'])})

    # ---------------------------------------------------------------- a03: centre cell, 10 Jun - 13 Aug incl, NDVI >= 0.2, °C
    D3 = ['2019-06-10', '2019-06-26', '2019-07-12', '2019-07-28', '2019-08-13']
    ck = cond('lst_n_ge02', 'lst', lambda c: (c.l > 0) & (c.n >= 2000))
    ckx = cond('lst_n_gt02', 'lst', lambda c: (c.l > 0) & (c.n > 2000))
    ckl = cond('lst_n_lt02', 'lst', lambda c: (c.l > 0) & (c.n < 2000) & (c.n != -32768))
    r = span_regions('g11', lambda b: k2c(mean_over(ck, D3, b)))
    bC = first(region('g11'))
    put('a03', r, '°C', TK,
        f'mean LST in °C of the centre cell of a 3 x 3 grid over 10 June - 13 August 2019, both ends included ({D3}), '
        f'only pixels with NDVI >= 0.2 (DN >= 2000; pixels without NDVI out); the mean of the five per-date means; '
        f'grid cuts rows 857/858 and 1715/1716, columns 866/867 and 1732/1733 spanned; {LSTDEF}, {NDVIDEF}.',
        {'ends_excluded': k2c(mean_over(ck, D3[1:-1], bC)), 'whole_image': k2c(mean_over(ck, D3, ALLB)),
         'condition_dropped': k2c(mean_over(L_VALID, D3, bC)), 'negated_ndvi_below_02': k2c(mean_over(ckl, D3, bC)),
         'kelvin': avg(r) + 273.15, 'pooled': k2c(pooled_mean(ck, D3, bC))},
        extra={'strict_gt_02': k2c(mean_over(ckx, D3, bC))})

    # ---------------------------------------------------------------- a04: S half share > 35 °C, June -> Aug, % change rel June
    JUN, AUG = in_months(6), in_months(8)
    ck = cond('lst_gt35C', 'lst', lgt(15407.5))
    ck35k = cond('lst_gt35K', 'lst', lgt(35 * 50))

    def shares(c, dates, b):
        return [100 * count(c, d, b) / count(L_VALID, d, b) for d in dates]

    def a04(b, c=ck):
        sj, sa = np.mean(shares(c, JUN, b)), np.mean(shares(c, AUG, b))
        return sj, sa

    r = {}
    for k, b in region('S').items():
        sj, sa = a04(b)
        r[k] = 100 * (sa - sj) / sj
    bS = region('S')['r1286']
    sj, sa = a04(bS)
    wj, wa = a04(ALLB)
    pj = 100 * sum(count(ck, d, bS) for d in JUN) / sum(count(L_VALID, d, bS) for d in JUN)
    pa = 100 * sum(count(ck, d, bS) for d in AUG) / sum(count(L_VALID, d, bS) for d in AUG)
    nj, na = a04(region('N')['r1286'])
    put('a04', r, '%', PCHG,
        f'percent change, relative to June (stated), of the share of valid LST pixels above 35 °C (308.15 K, DN > '
        f'15407.5, no pixel on it) in the southern half: June = mean of the per-date shares of {JUN}, August = mean of '
        f'those of {AUG}; row cut 1286/1287 spanned; {LSTDEF}.',
        {'relative_to_august': 100 * (sa - sj) / sa, 'points': sa - sj, 'whole_image': 100 * (wa - wj) / wj,
         'north_half': 100 * (na - nj) / nj, 'pooled_shares': 100 * (pa - pj) / pj,
         'threshold_35K': 0.0},
        extra={'june_share': sj, 'august_share': sa})

    # ---------------------------------------------------------------- a05: east third minus west third, Q3, K
    Q3 = [d for d in in_months(7, 8, 9) if has_lst(d)]
    r = {}
    for ke, be in region('Teast').items():
        for kw, bw in region('Twest').items():
            r[f'{ke}-{kw}'] = mean_over(L_VALID, Q3, be) - mean_over(L_VALID, Q3, bw)
    bE3, bW3 = region('Teast')['c1732_2599'], region('Twest')['c0_866']
    put('a05', r, 'K', TK,
        f'eastern third minus western third of the image, mean LST over Q3 2019 (July-September; {Q3}; 2019-09-30 has '
        f'no valid LST), each third the mean of its per-date means; column cuts 866/867 and 1732/1733 spanned; '
        f'{LSTDEF}.',
        {'sign_swapped': -avg(r), 'halves': mean_over(L_VALID, Q3, region('E')['c1299']) - mean_over(L_VALID, Q3, region('W')['c1299']),
         'middle_minus_west': mean_over(L_VALID, Q3, first(region('Tcen'))) - mean_over(L_VALID, Q3, bW3),
         'pooled': pooled_mean(L_VALID, Q3, bE3) - pooled_mean(L_VALID, Q3, bW3),
         'rows_bottom_minus_top': mean_over(L_VALID, Q3, first(region('Tbot'))) - mean_over(L_VALID, Q3, first(region('Ttop')))})

    # ---------------------------------------------------------------- a06: S half count < -5 °C summed over January
    JAN = in_months(1)
    ck = cond('lst_lt_m5C', 'lst', lambda c: (c.l > 0) & (c.l < 13407.5))
    ckp5 = cond('lst_lt_p5C', 'lst', lambda c: (c.l > 0) & (c.l < 13907.5))
    ckf = cond('lst_lt_m5F', 'lst', lambda c: (c.l > 0) & (c.l < f2k(-5) * 50))
    r = span_regions('S', lambda b: sum(count(ck, d, b) for d in JAN))
    put('a06', r, 'pixels', None,
        f'number of pixel observations with LST below -5 °C (268.15 K, DN < 13407.5, no pixel on it) in the southern '
        f'half, added up over the January 2019 acquisitions ({JAN}); row cut 1286/1287 spanned; {LSTDEF}.',
        {'whole_image': sum(count(ck, d, ALLB) for d in JAN), 'north_half': sum(count(ck, d, region('N')['r1286']) for d in JAN),
         'first_date_only': count(ck, JAN[0], bS), 'plus_5C': sum(count(ckp5, d, bS) for d in JAN),
         'minus_5F': sum(count(ckf, d, bS) for d in JAN), 'threshold_as_kelvin': 0.0,
         'mean_per_date': np.mean([count(ck, d, bS) for d in JAN])})

    # ---------------------------------------------------------------- a07: SE cell, Mar-Jun w/o April, median of per-date means, K
    D7 = [d for d in DATES if '2019-03-01' <= d <= '2019-06-30' and d[5:7] != '04']
    D7a = [d for d in DATES if '2019-03-01' <= d <= '2019-06-30']
    r = span_regions('g22', lambda b: float(np.median([stat(L_VALID, d, b, 'mean') for d in D7])))
    bSE = first(region('g22'))
    withapr = [x for x in (stat(L_VALID, d, bSE, 'mean') for d in D7a) if math.isfinite(x)]
    put('a07', r, 'K', TK,
        f'median of the per-date mean LSTs of the bottom-right cell of a 3 x 3 grid over 1 March - 30 June 2019 with '
        f'the two April scenes left out ({D7}: six values, the median is the mean of the middle two); grid cuts '
        f'spanned; {LSTDEF}.',
        {'mean_of_means': mean_over(L_VALID, D7, bSE), 'april_kept': float(np.median(withapr)),
         'whole_image': float(np.median([stat(L_VALID, d, ALLB, 'mean') for d in D7])),
         'pooled_median': hp(pooled_hist(L_VALID, D7, bSE), 'lst', 50)['linear'],
         'mean_of_medians': float(np.mean([pct(L_VALID, d, bSE, 50)['linear'] for d in D7])),
         'centre_cell': float(np.median([stat(L_VALID, d, first(region('g11')), 'mean') for d in D7]))},
        extra={'april_in_cell': {d: stat(L_VALID, d, bSE, 'n') for d in D7a if d[5:7] == '04'}})

    # ---------------------------------------------------------------- a08: box A, Jun+Aug, NDVI 0..1 where LST > 300 K strictly
    D8 = in_months(6, 8)
    r = {}
    for mode in ('centre', 'overlap'):
        c1 = cond(f'n01_hot300_boxA_{mode}', 'ndvi', lambda c, mode=mode: (c.n >= 0) & (c.n <= 10000) & (c.l > 15000) & region_mask(f'boxA:{mode}'))
        r[mode] = mean_over(c1, D8, ALLB)
    c_ge = cond('n01_ge300_boxA', 'ndvi', lambda c: (c.n >= 0) & (c.n <= 10000) & (c.l >= 15000) & region_mask('boxA:centre'))
    c_lo = cond('nloose_hot300_boxA', 'ndvi', lambda c: (c.n != -32768) & (c.l > 15000) & region_mask('boxA:centre'))
    c_nc = cond('n01_boxA', 'ndvi', lambda c: (c.n >= 0) & (c.n <= 10000) & region_mask('boxA:centre'))
    c_cool = cond('n01_le300_boxA', 'ndvi', lambda c: (c.n >= 0) & (c.n <= 10000) & (c.l > 0) & (c.l <= 15000) & region_mask('boxA:centre'))
    c_whole = cond('n01_hot300', 'ndvi', lambda c: (c.n >= 0) & (c.n <= 10000) & (c.l > 15000))
    put('a08', r, 'NDVI', IDX,
        f'mean NDVI (0..1 only, stated) of the pixels of the lon/lat box 87.60-87.90 E, 43.70-43.90 N over the '
        f'June and August 2019 acquisitions ({D8}, each date once), only pixels whose LST is strictly above 300 K (DN > '
        f'15000; pixels without LST out); the mean of the four per-date means; pixel centres inside and any overlap '
        f'spanned; {LSTDEF}, {NDVIDEF}.',
        {'inclusive_300': mean_over(c_ge, D8, ALLB), 'negatives_kept': mean_over(c_lo, D8, ALLB),
         'condition_dropped': mean_over(c_nc, D8, ALLB), 'negated_not_above_300': mean_over(c_cool, D8, ALLB),
         'box_ignored': mean_over(c_whole, D8, ALLB),
         'june_only': mean_over('n01_hot300_boxA_centre', in_months(6), ALLB)})

    # ---------------------------------------------------------------- a09: 2019-07-28, N half, LST > 35 °C & NDVI < 0.15, km2
    d = '2019-07-28'
    ck = cond('hot35_ndvi_lt015', 'lst', lambda c: (c.l > 15407.5) & (c.n < 1500) & (c.n != -32768))
    ck01 = cond('hot35_ndvi01_lt015', 'lst', lambda c: (c.l > 15407.5) & (c.n < 1500) & (c.n >= 0))
    ckh = cond('hot35', 'lst', lambda c: c.l > 15407.5)
    ckn = cond('ndvi_lt015_lstvalid', 'lst', lambda c: (c.l > 0) & (c.n < 1500) & (c.n != -32768))
    r = {f'r{rc}_{w}': area(ck, d, w, (0, rc)) / 1e6 for rc in (1286, 1287) for w in ('sphere', 'ellipsoid')}
    r.update({f'negatives_excluded_r{rc}': area(ck01, d, 'sphere', (0, rc)) / 1e6 for rc in (1286, 1287)})
    put('a09', r, 'km2', None,
        f'true ground area (km2) on {d} of the pixels in the northern half with LST above 35 °C (DN > 15407.5) and '
        f'NDVI below 0.15 (negative NDVI kept or not: both spanned, they differ by 0.015 km2); sphere and WGS84 ellipsoid '
        f'and row cut 1286/1287 spanned, '
        f'0.5 % relative; {LSTDEF}, {NDVIDEF}.',
        {'whole_image': area(ck, d, 'sphere') / 1e6, 'south_half': area(ck, d, 'sphere', (1286, NR)) / 1e6,
         'ndvi_condition_dropped': area(ckh, d, 'sphere', (0, 1286)) / 1e6,
         'lst_condition_dropped': area(ckn, d, 'sphere', (0, 1286)) / 1e6,
         'nominal_900m2': 900 * RW(ck, d)[:1286].sum() / 1e6},
        rel=AREL)

    # ---------------------------------------------------------------- a10: W two thirds, 07-12 & 07-28 avg area NDVI >= 0.5, ha
    D10 = ['2019-07-12', '2019-07-28']
    ck = cond('ndvi_ge05', 'ndvi', lambda c: c.n >= 5000)
    ckx = cond('ndvi_gt05', 'ndvi', lambda c: c.n > 5000)
    ckb = cond('ndvi_lt05', 'ndvi', lambda c: (c.n < 5000) & (c.n != -32768))

    def a10(c, cut, w='sphere', dates=D10):
        cb = range(0, CEDGE.index(cut))
        return float(np.mean([area(c, dd, w, (0, NR), cb) for dd in dates])) / 1e4

    r = {f'c{cut}_{w}': a10(ck, cut, w) for cut in (1732, 1733) for w in ('sphere', 'ellipsoid')}
    r['strict_above_05_c1732'] = a10(ckx, 1732)
    put('a10', r, 'ha', None,
        f'average over {D10} of the true ground area (ha) of the pixels in the western two thirds of the image whose '
        f'NDVI is not below 0.5 (DN >= 5000, pixels on 0.5 kept; the strict reading, 36 ha less, is spanned too); column '
        f'cut 1732/1733, sphere and ellipsoid spanned, '
        f'0.5 % relative; {NDVIDEF}.',
        {'negation_dropped': a10(ckb, 1732), 'whole_image': a10(ck, NC),
         'first_date_only': a10(ck, 1732, dates=D10[:1]), 'second_date_only': a10(ck, 1732, dates=D10[1:]),
         'sum_of_dates': 2 * a10(ck, 1732),
         'nominal_900m2': np.mean([900 * RW(ck, dd)[:, :CEDGE.index(1732)].sum() for dd in D10]) / 1e4,
         'eastern_third': float(np.mean([area(ck, dd, 'sphere', (0, NR), range(CEDGE.index(1732), NB)) for dd in D10])) / 1e4},
        rel=AREL, extra={'on_05_px': {dd: count(ck, dd) - count(ckx, dd) for dd in D10}})

    # ---------------------------------------------------------------- t11: TVDI, August, S half, NDVI > 0.3
    r = {}
    for e in ('up', 'down'):
        c1 = cond(f'tv{e}_ndvi_gt03', f'tvdi_{e}', lambda c: c.n > 3000)
        c2 = cond(f'tv{e}_all', f'tvdi_{e}', lambda c: c.n > -32768)
        for k, b in region('S').items():
            r[f'{e}_{k}'] = mean_over(c1, AUG, b)
    c1, c2 = 'tvup_ndvi_gt03', 'tvup_all'
    c3 = cond('tvup_ndvi_le03', 'tvdi_up', lambda c: c.n <= 3000)
    pw = sum(H(c1, d)[0][bS].sum() for d in AUG) / sum(H(c1, d)[1][bS].sum() for d in AUG)
    put('t11', r, 'TVDI', TVT,
        f'mean TVDI over the August 2019 acquisitions ({AUG}; each date its own TVDI per the benchmark README, then the '
        f'mean of the two per-date means) of the pixels in the southern half with NDVI above 0.3; row cut 1286/1287 '
        f'and both bin-edge assignments spanned; {LSTDEF}, {NDVIDEF}.',
        {'whole_image': mean_over(c1, AUG, ALLB), 'condition_dropped': mean_over(c2, AUG, bS),
         'negated': mean_over(c3, AUG, bS), 'north_half': mean_over(c1, AUG, region('N')['r1286']),
         'first_date_only': stat(c1, AUG[0], bS, 'mean')},
        extra={'pixel_weighted_pooled': pw})

    # ---------------------------------------------------------------- a12: ratio W/E NDVI 0..1, Jul-Aug, pixels with LST
    JA = in_months(7, 8)
    ck = cond('n01_lstvalid', 'ndvi', lambda c: (c.n >= 0) & (c.n <= 10000) & (c.l > 0))
    ckl = cond('nloose_lstvalid', 'ndvi', lambda c: (c.n != -32768) & (c.l > 0))
    r = {}
    for kw, bw in region('W').items():
        ke = 'c' + kw[1:]
        be = region('E')[ke]
        r[kw] = mean_over(ck, JA, bw) / mean_over(ck, JA, be)
    bE = region('E')['c1299']
    put('a12', r, 'ratio', IDX,
        f'western-half mean NDVI divided by eastern-half mean NDVI over July-August 2019 ({JA}), each half the mean of '
        f'its per-date means over pixels with 0 <= NDVI <= 1 that also have a valid LST (stated); column cut '
        f'1299/1300 spanned; {LSTDEF}, {NDVIDEF}.',
        {'inverse': 1 / avg(r), 'lst_condition_dropped': mean_over(N01, JA, bW) / mean_over(N01, JA, bE),
         'negatives_kept': mean_over(ckl, JA, bW) / mean_over(ckl, JA, bE),
         'mean_of_per_date_ratios': float(np.mean([stat(ck, d, bW, 'mean') / stat(ck, d, bE, 'mean') for d in JA])),
         'difference': mean_over(ck, JA, bW) - mean_over(ck, JA, bE),
         'north_over_south': mean_over(ck, JA, region('N')['r1286']) / mean_over(ck, JA, bS)})

    # ---------------------------------------------------------------- a13: SW quadrant, autumn minus spring, °F difference
    MAM, SON = in_months(3, 4, 5), in_months(9, 10, 11)
    r = span_regions('SW', lambda b: 1.8 * (mean_over(L_VALID, SON, b) - mean_over(L_VALID, MAM, b)))
    bSW = region('SW')['r1286c1299']
    v = avg(r)
    put('a13', r, '°F', TK,
        f'autumn minus spring mean LST of the south-west quadrant as a temperature difference in °F (1.8 x the kelvin '
        f'difference, no +32): autumn = mean of the per-date quadrant means of {SON}, spring of {MAM}; dates with no '
        f'valid LST in the quadrant left out (2019-04-07, 2019-04-23 and 2019-09-30 have none there); '
        f'quadrant cuts spanned; {LSTDEF}.',
        {'sign_swapped': -v, 'kelvin': v / 1.8, 'plus_32': v + 32,
         'whole_image': 1.8 * (mean_over(L_VALID, SON, ALLB) - mean_over(L_VALID, MAM, ALLB)),
         'NE_quadrant': 1.8 * (mean_over(L_VALID, SON, bNE) - mean_over(L_VALID, MAM, bNE)),
         'pooled': 1.8 * (pooled_mean(L_VALID, SON, bSW) - pooled_mean(L_VALID, MAM, bSW))},
        extra={'valid_in_quadrant': {d: stat(L_VALID, d, bSW, 'n') for d in MAM + SON}})

    # ---------------------------------------------------------------- a14: 1-based window, 06-26, NDVI > 0.4, population std
    d = '2019-06-26'
    c1 = cond('lst_ndvi_gt04_win1', 'lst', lambda c: (c.l > 0) & (c.n > 4000) & region_mask('win:1500,1559,2050,2109'))
    c0 = cond('lst_ndvi_gt04_win0', 'lst', lambda c: (c.l > 0) & (c.n > 4000) & region_mask('win:1501,1560,2051,2110'))
    cn = cond('lst_win1', 'lst', lambda c: (c.l > 0) & region_mask('win:1500,1559,2050,2109'))
    cw = cond('lst_ndvi_gt04', 'lst', lambda c: (c.l > 0) & (c.n > 4000))
    cge = cond('lst_ndvi_ge04_win1', 'lst', lambda c: (c.l > 0) & (c.n >= 4000) & region_mask('win:1500,1559,2050,2109'))
    h = hist(c1, d, ALLB)
    n = h.sum()
    put('a14', {'std': stat(c1, d, ALLB, 'std')}, 'K', TK,
        f'population std (ddof 0) of LST on {d} in the window rows 1501-1560, columns 2051-2110 numbered from 1 '
        f'(0-based rows 1500-1559, columns 2050-2109, ends included), only pixels with NDVI above 0.4 (DN > 4000); '
        f'{LSTDEF}, {NDVIDEF}.',
        {'zero_based_read': stat(c0, d, ALLB, 'std'), 'condition_dropped': stat(cn, d, ALLB, 'std'),
         'whole_image': stat(cw, d, ALLB, 'std'), 'mean_instead': stat(c1, d, ALLB, 'mean')},
        extra={'n': float(n), 'sample_std': stat(c1, d, ALLB, 'std') * math.sqrt(n / (n - 1)),
               'inclusive_04': stat(cge, d, ALLB, 'std')})

    # ---------------------------------------------------------------- a15: Oct-Nov pooled median LST °C, NDVI not in [0.1, 0.3]
    ON = [d for d in in_months(10, 11) if has_lst(d)]
    ck = cond('lst_ndvi_out_01_03', 'lst', lambda c: (c.l > 0) & (c.n != -32768) & ((c.n < 1000) | (c.n > 3000)))
    ckin = cond('lst_ndvi_in_01_03', 'lst', lambda c: (c.l > 0) & (c.n >= 1000) & (c.n <= 3000))
    ckex = cond('lst_ndvi_out_01_03_ex', 'lst', lambda c: (c.l > 0) & (c.n != -32768) & ((c.n <= 1000) | (c.n >= 3000)))
    p = hp(pooled_hist(ck, ON, ALLB), 'lst', 50)
    r = {m: k2c(p[m]) for m in INTERP}
    r['ends_outside_linear'] = k2c(hp(pooled_hist(ckex, ON, ALLB), 'lst', 50)['linear'])
    put('a15', r, '°C', TK,
        f'median LST in °C of every pixel of the October-November 2019 acquisitions ({ON}) pooled together, over '
        f'the pixels whose NDVI is not between 0.1 and 0.3 (both ends count as inside the range, so DN < 1000 or DN > '
        f'3000 kept; pixels without NDVI out; the other reading of the ends gives the same median); interpolations spanned; {LSTDEF}, {NDVIDEF}.',
        {'negation_dropped': k2c(hp(pooled_hist(ckin, ON, ALLB), 'lst', 50)['linear']),
         'mean_of_per_date_medians': k2c(np.mean([pct(ck, d, ALLB, 50)['linear'] for d in ON])),
         'kelvin': p['linear'], 'condition_dropped': k2c(hp(pooled_hist(L_VALID, ON, ALLB), 'lst', 50)['linear']),
         'pooled_mean': k2c(pooled_mean(ck, ON, ALLB))})

    # ---------------------------------------------------------------- a16: count of dates Apr-Oct, SE quadrant mean > 27 °C
    AO = [d for d in DATES if '2019-04-01' <= d <= '2019-10-31']
    r = {}
    for k, b in region('SE').items():
        ms = [stat(L_VALID, d, b, 'mean') for d in AO]
        r[k] = float(sum(1 for x in ms if math.isfinite(x) and x > 300.15))
    ms = {d: stat(L_VALID, d, region('SE')['r1286c1299'], 'mean') for d in AO}
    msw = {d: stat(L_VALID, d, ALLB, 'mean') for d in AO if has_lst(d)}
    put('a16', r, 'dates', None,
        f'number of acquisitions from 1 April to 31 October 2019 ({AO}) whose mean LST over the south-east quadrant '
        f'is above 27 °C (300.15 K); dates with no valid LST in the quadrant do not count; quadrant cuts spanned; '
        f'{LSTDEF}.',
        {'whole_image': float(sum(1 for x in msw.values() if x > 300.15)),
         'threshold_27K_or_all': float(sum(1 for x in ms.values() if math.isfinite(x))),
         'NW_quadrant': float(sum(1 for d in AO if (lambda x: math.isfinite(x) and x > 300.15)(stat(L_VALID, d, region('NW')['r1286c1299'], 'mean')))),
         'fraction': r['r1286c1299'] / len(AO)},
        extra={'se_means': ms})

    # ---------------------------------------------------------------- a17: 2019-12-03 share < 0 °C, N minus S, points
    d = '2019-12-03'
    ck = cond('lst_lt0C', 'lst', lambda c: (c.l > 0) & (c.l < 13657.5))

    def sh(b, c=ck):
        return 100 * count(c, d, b) / count(L_VALID, d, b)

    r = {}
    for rc in (1286, 1287):
        r[f'r{rc}'] = sh(region('N')[f'r{rc}']) - sh(region('S')[f'r{rc}'])
    v = avg(r)
    ck0k = cond('lst_lt0K', 'lst', lambda c: (c.l > 0) & (c.l < 0))
    put('a17', r, 'percentage points', PCT,
        f'share of valid LST pixels below 0 °C (DN < 13657.5, no pixel on it) in the northern half minus the same '
        f'share in the southern half on {d}, in percentage points; row cut 1286/1287 spanned; {LSTDEF}.',
        {'sign_swapped': -v, 'relative_percent': 100 * v / sh(region('S')['r1286']),
         'of_all_pixels': 100 * (count(ck, d, region('N')['r1286']) - count(ck, d, region('S')['r1286'])) / (1286 * NC),
         'whole_image_share': sh(ALLB), 'west_minus_east': sh(region('W')['c1299']) - sh(region('E')['c1299'])},
        extra={'north_share': sh(region('N')['r1286']), 'south_share': sh(region('S')['r1286'])})

    # ---------------------------------------------------------------- a18: box B, 2019-08-29, LST > 95 °F, ha
    d = '2019-08-29'
    dn95 = f2k(95) * 50
    r = {}
    for mode in ('centre', 'overlap'):
        c1 = cond(f'lst_gt95F_boxB_{mode}', 'lst', lambda c, mode=mode: (c.l > dn95) & region_mask(f'boxB:{mode}'))
        for w in ('sphere', 'ellipsoid'):
            r[f'{mode}_{w}'] = area(c1, d, w) / 1e4
    cw = cond('lst_gt95F', 'lst', lambda c: c.l > dn95)
    c95c = cond('lst_gt95C_boxB', 'lst', lambda c: (c.l > c2k(95) * 50) & region_mask('boxB:centre'))
    cv = cond('lst_boxB', 'lst', lambda c: (c.l > 0) & region_mask('boxB:centre'))
    cle = cond('lst_le95F_boxB', 'lst', lambda c: (c.l > 0) & (c.l <= dn95) & region_mask('boxB:centre'))
    put('a18', r, 'ha', None,
        f'true ground area (ha) on {d} of the pixels of the lon/lat box 87.55-87.75 E, 43.55-43.75 N whose LST is above '
        f'95 °F (308.15 K, DN > 15407.5, no pixel on it); pixel centres inside and any overlap, sphere and ellipsoid '
        f'spanned, 0.5 % relative; {LSTDEF}.',
        {'box_ignored': area(cw, d, 'sphere') / 1e4, 'threshold_95C': area(c95c, d, 'sphere') / 1e4,
         'condition_dropped': area(cv, d, 'sphere') / 1e4, 'negated': area(cle, d, 'sphere') / 1e4,
         'km2_number': area('lst_gt95F_boxB_centre', d, 'sphere') / 1e6,
         'nominal_900m2': 900 * RW('lst_gt95F_boxB_centre', d).sum() / 1e4},
        rel=AREL)

    # ---------------------------------------------------------------- a19: 0-based window, 3 dates, mean of per-date median NDVI, negatives kept
    D19 = ['2019-06-10', '2019-07-12', '2019-08-13']
    c0 = cond('nloose_win0', 'ndvi', lambda c: (c.n != -32768) & region_mask('win:200,599,1800,2199'))
    c1 = cond('nloose_win1', 'ndvi', lambda c: (c.n != -32768) & region_mask('win:199,598,1799,2198'))
    c01 = cond('n01_win0', 'ndvi', lambda c: (c.n >= 0) & (c.n <= 10000) & region_mask('win:200,599,1800,2199'))
    r = {m: float(np.mean([pct(c0, d, ALLB, 50)[m] for d in D19])) for m in INTERP}
    r['only_0_1_linear'] = float(np.mean([pct(c01, d, ALLB, 50)['linear'] for d in D19]))
    put('a19', r, 'NDVI', IDX,
        f'mean of the per-date median NDVIs of {D19} in the window rows 200-599, columns 1800-2199 (0-based, ends '
        f'included), negative NDVI kept or not (the same medians here: spanned); interpolations spanned; {NDVIDEF}.',
        {'one_based_read': float(np.mean([pct(c1, d, ALLB, 50)['linear'] for d in D19])),
         'pooled_median': hp(pooled_hist(c0, D19, ALLB), 'ndvi', 50)['linear'],
         'whole_image': float(np.mean([pct(NLOOSE, d, ALLB, 50)['linear'] for d in D19])),
         'mean_of_means': mean_over(c0, D19, ALLB)})

    # ---------------------------------------------------------------- a20: E half count NDVI >= 0.6, 05-25 -> 07-12, % change
    a, b = '2019-05-25', '2019-07-12'
    ck = cond('ndvi_ge06', 'ndvi', lambda c: c.n >= 6000)
    ckx = cond('ndvi_gt06', 'ndvi', lambda c: c.n > 6000)
    r = span_regions('E', lambda bb: 100 * (count(ck, b, bb) - count(ck, a, bb)) / count(ck, a, bb))
    ca, cb = count(ck, a, bE), count(ck, b, bE)
    put('a20', r, '%', PCHG,
        f'percent change, relative to {a} (stated), of the number of eastern-half pixels with NDVI of at least 0.6 (DN '
        f'>= 6000, pixels on 0.6 counted) from {a} to {b}; column cut 1299/1300 spanned; {NDVIDEF}.',
        {'relative_to_b': 100 * (cb - ca) / cb, 'whole_image': 100 * (count(ck, b) - count(ck, a)) / count(ck, a),
         'strict_gt_06': 100 * (count(ckx, b, bE) - count(ckx, a, bE)) / count(ckx, a, bE),
         'west_half': 100 * (count(ck, b, bW) - count(ck, a, bW)) / count(ck, a, bW),
         'ratio_x100': 100 * cb / ca},
        extra={'counts': {a: ca, b: cb}, 'on_06': {a: count(ck, a, bE) - count(ckx, a, bE), b: count(ck, b, bE) - count(ckx, b, bE)}})

    # ---------------------------------------------------------------- t21: TVDI > 0.8 share among LST > 30 °C, NW quadrant, 07-12
    d = '2019-07-12'
    dn30 = c2k(30) * 50
    r = {}
    for e in ('up', 'down'):
        num = cond(f'tv{e}_gt08_hot30', 'lst', lambda c, e=e: (c.l > dn30) & (np.nan_to_num(c.tv(e), nan=-1) > 0.8))
        den = cond(f'tv{e}_any_hot30', 'lst', lambda c, e=e: (c.l > dn30) & ~np.isnan(c.tv(e)))
        for k, bb in region('NW').items():
            r[f'{e}_{k}'] = 100 * count(num, d, bb) / count(den, d, bb)
            r[f'{e}_{k}_den_all_hot'] = 100 * count(num, d, bb) / count(cond('lst_gt30C', 'lst', lambda c: c.l > dn30), d, bb)
    bNW = region('NW')['r1286c1299']
    num, den = 'tvup_gt08_hot30', 'tvup_any_hot30'
    n_all = cond('tvup_gt08_any', 'lst', lambda c: np.nan_to_num(c.tv('up'), nan=-1) > 0.8)
    d_all = cond('tvup_any', 'lst', lambda c: ~np.isnan(c.tv('up')))
    den_l = cond('lst_gt30C', 'lst', lambda c: c.l > dn30)
    put('t21', r, '%', PCT,
        f'share (%) of the pixels with TVDI above 0.8 among the pixels of the north-west quadrant with LST above 30 °C '
        f'(303.15 K, DN > 15157.5, no pixel on it), on {d}; the denominator with and without the hot pixels lacking a TVDI spanned; TVDI per the benchmark README, both '
        f'bin-edge assignments and the quadrant cuts spanned; {LSTDEF}, {NDVIDEF}.',
        {'whole_image': 100 * count(num, d) / count(den, d), 'lst_condition_dropped': 100 * count(n_all, d, bNW) / count(d_all, d, bNW),
         'threshold_30K': 100 * count(n_all, d, bNW) / count(d_all, d, bNW),
         'fraction': avg(r) / 100, 'complement': 100 - avg(r),
         'SE_quadrant': 100 * count(num, d, region('SE')['r1286c1299']) / count(den, d, region('SE')['r1286c1299'])})

    # ---------------------------------------------------------------- a22: fraction of Q2 dates, N half mean > 25 °C
    Q2 = in_months(4, 5, 6)
    r = {}
    for k, bb in region('N').items():
        ms = [stat(L_VALID, d, bb, 'mean') for d in Q2]
        ok = [x for x in ms if math.isfinite(x)]
        r[k] = sum(1 for x in ok if x > 298.15) / len(ok)
    bN = region('N')['r1286']
    msn = {d: stat(L_VALID, d, bN, 'mean') for d in Q2}
    ok = [x for x in msn.values() if math.isfinite(x)]
    msw = [stat(L_VALID, d, ALLB, 'mean') for d in Q2 if has_lst(d)]
    put('a22', r, 'fraction', IDX,
        f'fraction (0-1) of the April-June 2019 acquisitions that have valid LST in the northern half ({Q2}; '
        f'2019-04-07 has none there, so 5 dates count) whose northern-half mean LST is above 25 °C (298.15 K); row cut '
        f'spanned; {LSTDEF}.',
        {'percent': 100 * avg(r), 'over_all_q2_dates': sum(1 for x in ok if x > 298.15) / len(Q2),
         'whole_image': sum(1 for x in msw if x > 298.15) / len(msw),
         'count': float(sum(1 for x in ok if x > 298.15)),
         'south_half': (lambda s: sum(1 for x in s if x > 298.15) / len(s))([x for x in (stat(L_VALID, d, bS, 'mean') for d in Q2) if math.isfinite(x)])},
        extra={'north_means': msn})

    # ---------------------------------------------------------------- a23: pooled H1 mean LST, middle horizontal third, °C
    H1 = [d for d in DATES if d < '2019-07-01' and has_lst(d)]
    r = span_regions('Tmid', lambda b: k2c(pooled_mean(L_VALID, H1, b)))
    bM = first(region('Tmid'))
    put('a23', r, '°C', TK,
        f'mean LST in °C of all valid pixels of the middle horizontal third of the image pooled over every first-half '
        f'2019 acquisition ({H1}; 2019-02-02 has no valid LST); row cuts 857/858 and 1715/1716 spanned; {LSTDEF}.',
        {'mean_of_means': k2c(mean_over(L_VALID, H1, bM)), 'kelvin': avg(r) + 273.15,
         'whole_image': k2c(pooled_mean(L_VALID, H1, ALLB)), 'top_third': k2c(pooled_mean(L_VALID, H1, first(region('Ttop')))),
         'second_half_year': k2c(pooled_mean(L_VALID, [d for d in DATES if d >= '2019-07-01' and has_lst(d)], bM)),
         'middle_vertical_third': k2c(pooled_mean(L_VALID, H1, first(region('Tcen'))))})

    # ---------------------------------------------------------------- a24: 08-13 median outside centre cell minus inside, K
    d = '2019-08-13'
    r = {}
    for k, bb in region('g11').items():
        comp = [x for x in ALLB if x not in bb]
        po, pi_ = pct(L_VALID, d, comp, 50), pct(L_VALID, d, bb, 50)
        for m in INTERP:
            r[f'{k}_{m}'] = po[m] - pi_[m]
    bC = first(region('g11'))
    bO = [x for x in ALLB if x not in bC]
    v = avg(r)
    put('a24', r, 'K', TK,
        f'median LST of the eight border cells of a 3 x 3 grid (everything outside the centre cell, pooled) minus the '
        f'median LST of the centre cell, on {d}; grid cuts and interpolations spanned; {LSTDEF}.',
        {'sign_swapped': -v, 'mean_diff': stat(L_VALID, d, bO, 'mean') - stat(L_VALID, d, bC, 'mean'),
         'whole_minus_centre': pct(L_VALID, d, ALLB, 50)['linear'] - pct(L_VALID, d, bC, 50)['linear'],
         'fahrenheit': 1.8 * v,
         'mean_of_8_cell_medians_minus_centre': float(np.mean([pct(L_VALID, d, first(region(f'g{i}{j}')), 50)['linear'] for i in range(3) for j in range(3) if (i, j) != (1, 1)])) - pct(L_VALID, d, bC, 50)['linear']})

    # ---------------------------------------------------------------- a25: max of per-date W-half means over SON, K
    SONL = [d for d in SON if has_lst(d)]
    r = span_regions('W', lambda b: max(stat(L_VALID, d, b, 'mean') for d in SONL))
    put('a25', r, 'K', TK,
        f'the highest of the per-date mean LSTs of the western half over autumn 2019 (September-November: {SONL}); '
        f'column cut spanned; {LSTDEF}.',
        {'hottest_pixel': max(float(np.flatnonzero(hist(L_VALID, d, bW)).max() + LO['lst']) / 50 for d in SONL),
         'whole_image': max(stat(L_VALID, d, ALLB, 'mean') for d in SONL),
         'east_half': max(stat(L_VALID, d, bE, 'mean') for d in SONL), 'mean_of_means': mean_over(L_VALID, SONL, bW),
         'lowest': min(stat(L_VALID, d, bW, 'mean') for d in SONL)},
        extra={'west_means': {d: stat(L_VALID, d, bW, 'mean') for d in SONL}})

    # ---------------------------------------------------------------- a26: area > 40 °C ratio 07-12 / 08-13, S half
    a, b = '2019-07-12', '2019-08-13'
    ck = cond('lst_gt40C', 'lst', lambda c: c.l > 15657.5)
    ck40k = cond('lst_gt40K', 'lst', lambda c: c.l > 40 * 50)
    r = {}
    for rc in (1286, 1287):
        for w in ('sphere', 'ellipsoid'):
            r[f'r{rc}_{w}'] = area(ck, a, w, (rc, NR)) / area(ck, b, w, (rc, NR))
        r[f'r{rc}_pixels'] = RW(ck, a)[rc:].sum() / RW(ck, b)[rc:].sum()
    v = avg(r)
    put('a26', r, 'ratio', IDX,
        f'true ground area of the southern-half pixels above 40 °C (313.15 K, DN > 15657.5, no pixel on it) on {a} '
        f'divided by the same area on {b}; row cut 1286/1287, sphere, ellipsoid and plain pixel counts spanned; '
        f'{LSTDEF}.',
        {'inverse': 1 / v, 'whole_image': area(ck, a, 'sphere') / area(ck, b, 'sphere'),
         'north_half': area(ck, a, 'sphere', (0, 1286)) / area(ck, b, 'sphere', (0, 1286)),
         'threshold_40K': area(ck40k, a, 'sphere', (1286, NR)) / area(ck40k, b, 'sphere', (1286, NR)),
         'percent_more': 100 * (v - 1), 'difference_km2': (area(ck, a, 'sphere', (1286, NR)) - area(ck, b, 'sphere', (1286, NR))) / 1e6})

    # ---------------------------------------------------------------- a27: share between 50-68 °F exclusive, east third, 10-16
    d = '2019-10-16'
    lo_, hi_ = f2k(50) * 50, f2k(68) * 50
    ck = cond('lst_50_68F', 'lst', lambda c: (c.l > lo_) & (c.l < hi_))
    ckc = cond('lst_50_68C', 'lst', lambda c: (c.l > c2k(50) * 50) & (c.l < c2k(68) * 50))
    ckn = cond('lst_not_50_68F', 'lst', lambda c: (c.l > 0) & ((c.l <= lo_) | (c.l >= hi_)))
    r = span_regions('Teast', lambda b: 100 * count(ck, d, b) / count(L_VALID, d, b))
    bE3 = region('Teast')['c1732_2599']
    put('a27', r, '%', PCT,
        f'share (%) of the valid LST pixels of the eastern third on {d} that lie strictly between 50 °F and 68 °F '
        f'(283.15-293.15 K, DN 14157.5-14657.5: no pixel lies on either end, so the bounds do not matter); column cut '
        f'1732/1733 spanned; {LSTDEF}.',
        {'whole_image': 100 * count(ck, d) / count(L_VALID, d), 'celsius_read': 100 * count(ckc, d, bE3) / count(L_VALID, d, bE3),
         'kelvin_read': 0.0, 'complement': 100 * count(ckn, d, bE3) / count(L_VALID, d, bE3),
         'west_third': 100 * count(ck, d, bW3) / count(L_VALID, d, bW3),
         'fraction': avg(r) / 100})

    # ---------------------------------------------------------------- a28: 07-28 S half, LST(NDVI<0.1) minus LST(NDVI>0.5), °C
    d = '2019-07-28'
    cb = cond('lst_ndvi_lt01', 'lst', lambda c: (c.l > 0) & (c.n < 1000) & (c.n != -32768))
    cb01 = cond('lst_ndvi01_lt01', 'lst', lambda c: (c.l > 0) & (c.n < 1000) & (c.n >= 0))
    cv = cond('lst_ndvi_gt05', 'lst', lambda c: (c.l > 0) & (c.n > 5000))
    r = span_regions('S', lambda b: stat(cb, d, b, 'mean') - stat(cv, d, b, 'mean'))
    v = avg(r)
    put('a28', r, '°C', TK,
        f'on {d}, in the southern half: mean LST of the pixels with NDVI below 0.1 (negative NDVI included, stated) '
        f'minus mean LST of the pixels with NDVI above 0.5, a temperature difference in °C (= K); row cut spanned; '
        f'{LSTDEF}, {NDVIDEF}.',
        {'sign_swapped': -v, 'whole_image': stat(cb, d, ALLB, 'mean') - stat(cv, d, ALLB, 'mean'),
         'negatives_excluded': stat(cb01, d, bS, 'mean') - stat(cv, d, bS, 'mean'),
         'fahrenheit': 1.8 * v, 'north_half': stat(cb, d, bN, 'mean') - stat(cv, d, bN, 'mean'),
         'bare_mean_in_C': k2c(stat(cb, d, bS, 'mean'))})

    # ---------------------------------------------------------------- a29: pooled population std NDVI (negatives kept), July, top-right cell
    JUL = in_months(7)
    r = span_regions('g02', lambda b: hstd(pooled_hist(NLOOSE, JUL, b), 'ndvi'))
    r.update({f'{k}_0_1': hstd(pooled_hist(N01, JUL, b), 'ndvi') for k, b in region('g02').items()})
    bTR = first(region('g02'))
    put('a29', r, 'NDVI', IDX,
        f'population std (ddof 0) of the NDVI of the top-right cell of a 3 x 3 grid, all pixels of the July 2019 '
        f'acquisitions ({JUL}) pooled together; negative NDVI kept or not and the grid cuts spanned; {NDVIDEF}.',
        {'mean_of_per_date_stds': float(np.mean([stat(NLOOSE, d, bTR, 'std') for d in JUL])),
         'whole_image': hstd(pooled_hist(NLOOSE, JUL, ALLB), 'ndvi'),
         'top_left_cell': hstd(pooled_hist(NLOOSE, JUL, first(region('g00'))), 'ndvi'),
         'mean_instead': pooled_mean(NLOOSE, JUL, bTR)})

    # ---------------------------------------------------------------- a30: mean of per-date p10 LST °C, Aug, bottom half, NDVI > 0.5
    r = {}
    for k, b in region('S').items():
        for m in INTERP:
            r[f'{k}_{m}'] = k2c(np.mean([pct(cv, d, b, 10)[m] for d in AUG]))
    put('a30', r, '°C', TK,
        f'mean of the per-date 10th-percentile LSTs in °C of the southern half over the August 2019 acquisitions '
        f'({AUG}), only pixels with NDVI above 0.5 (DN > 5000); row cut and interpolations spanned; {LSTDEF}, {NDVIDEF}.',
        {'pooled_p10': k2c(hp(pooled_hist(cv, AUG, bS), 'lst', 10)['linear']),
         'condition_dropped': k2c(np.mean([pct(L_VALID, d, bS, 10)['linear'] for d in AUG])),
         'whole_image': k2c(np.mean([pct(cv, d, ALLB, 10)['linear'] for d in AUG])),
         'p90': k2c(np.mean([pct(cv, d, bS, 90)['linear'] for d in AUG])), 'kelvin': avg(r) + 273.15,
         'north_half': k2c(np.mean([pct(cv, d, bN, 10)['linear'] for d in AUG]))})

    # ---------------------------------------------------------------- t31: TVDI % change May -> Sep, west half, rel May
    SEP = [d for d in in_months(9) if d != '2019-09-30']
    r = {}
    for e in ('up', 'down'):
        for k, b in region('W').items():
            m5, m9 = mean_over(f'tv{e}_all', MAY, b), mean_over(f'tv{e}_all', SEP, b)
            r[f'{e}_{k}'] = 100 * (m9 - m5) / m5
    m5, m9 = mean_over('tvup_all', MAY, bW), mean_over('tvup_all', SEP, bW)
    w5, w9 = mean_over('tvup_all', MAY, ALLB), mean_over('tvup_all', SEP, ALLB)
    e5, e9 = mean_over('tvup_all', MAY, bE), mean_over('tvup_all', SEP, bE)
    put('t31', r, '%', PCHG,
        f'percent change of the mean TVDI of the western half from May 2019 ({MAY}) to September 2019 ({SEP}; '
        f'2019-09-30 has no valid LST, so no TVDI), relative to May (stated); each month the mean of its per-date '
        f'means, TVDI per date on the whole image (benchmark README), then averaged over the half; column cut and '
        f'both bin-edge assignments spanned; {LSTDEF}, {NDVIDEF}.',
        {'relative_to_september': 100 * (m9 - m5) / m9, 'difference_x100': 100 * (m9 - m5), 'whole_image': 100 * (w9 - w5) / w5,
         'east_half': 100 * (e9 - e5) / e5, 'sign_swapped': -100 * (m9 - m5) / m5},
        extra={'may': m5, 'september': m9})

    # ---------------------------------------------------------------- a32: Apr-Oct NDVI 0..1 excluding 07-12 & 08-13, bottom-left cell
    AOn = [d for d in AO if d not in ('2019-07-12', '2019-08-13')]
    r = span_regions('g20', lambda b: mean_over(N01, AOn, b))
    r.update({f'{k}_pooled': pooled_mean(N01, AOn, b) for k, b in region('g20').items()})
    bBL = first(region('g20'))
    put('a32', r, 'NDVI', IDX,
        f'mean NDVI (0..1 only, stated) of the bottom-left cell of a 3 x 3 grid over the growing season stated as '
        f'April-October 2019 with 2019-07-12 and 2019-08-13 left out ({len(AOn)} dates: {AOn}; 2019-09-30 has NDVI and '
        f'counts), the mean of the per-date cell means (pooling gives nearly the same, spanned); grid cuts spanned; {NDVIDEF}.',
        {'dates_kept': mean_over(N01, AO, bBL), 'negatives_kept': mean_over(NLOOSE, AOn, bBL),
         'whole_image': mean_over(N01, AOn, ALLB),
         'without_0930': mean_over(N01, [d for d in AOn if d != '2019-09-30'], bBL),
         'bottom_right_cell': mean_over(N01, AOn, first(region('g22')))})

    # ---------------------------------------------------------------- a33: 26 Jun up to (not incl) 13 Aug, E half, °F
    D33 = ['2019-06-26', '2019-07-12', '2019-07-28']
    r = span_regions('E', lambda b: k2f(mean_over(L_VALID, D33, b)))
    put('a33', r, '°F', TK,
        f'mean LST in °F of the eastern half over 26 June 2019 up to but not including 13 August 2019 ({D33}), the '
        f'mean of the per-date half means; column cut spanned; {LSTDEF}.',
        {'end_included': k2f(mean_over(L_VALID, D33 + ['2019-08-13'], bE)),
         'start_excluded': k2f(mean_over(L_VALID, D33[1:], bE)), 'celsius': k2c(f2k(avg(r))), 'kelvin': f2k(avg(r)),
         'whole_image': k2f(mean_over(L_VALID, D33, ALLB)), 'west_half': k2f(mean_over(L_VALID, D33, bW)),
         'pooled': k2f(pooled_mean(L_VALID, D33, bE))})

    # ---------------------------------------------------------------- a34: DOY 150-250, bottom third, share > 310 K strict, mean of shares
    D34 = [d for d in DATES if 150 <= doy(d) <= 250]
    ck = cond('lst_gt310', 'lst', lambda c: c.l > 15500)
    cki = cond('lst_ge310', 'lst', lambda c: c.l >= 15500)

    def msh(c, b, dates=D34):
        return float(np.mean([100 * count(c, d, b) / count(L_VALID, d, b) for d in dates]))

    r = span_regions('Tbot', lambda b: msh(ck, b))
    bB3 = first(region('Tbot'))
    put('a34', r, '%', PCT,
        f'mean over the acquisitions of day of year 150-250 of 2019, both ends included (30 May - 7 September: {D34}), '
        f'of the per-date share (%) of valid LST pixels in the bottom third of the image strictly above 310 K (DN > '
        f'15500; pixels on 310 K not counted); row cut 1715/1716 spanned; {LSTDEF}.',
        {'inclusive_310': msh(cki, bB3),
         'pooled_share': 100 * sum(count(ck, d, bB3) for d in D34) / sum(count(L_VALID, d, bB3) for d in D34),
         'whole_image': msh(ck, ALLB), 'top_third': msh(ck, first(region('Ttop'))),
         'threshold_310C': 0.0},
        extra={'on_310_px': {d: count(cki, d, bB3) - count(ck, d, bB3) for d in D34}})

    # ---------------------------------------------------------------- a35: count, top third, 0.2 <= NDVI <= 0.4 and LST < 20 °C, 10-16
    d = '2019-10-16'
    dn20 = c2k(20) * 50
    ck = cond('n02_04_lt20C', 'lst', lambda c: (c.l > 0) & (c.l < dn20) & (c.n >= 2000) & (c.n <= 4000))
    ckx = cond('n02_04x_lt20C', 'lst', lambda c: (c.l > 0) & (c.l < dn20) & (c.n > 2000) & (c.n < 4000))
    ckn = cond('n02_04', 'ndvi', lambda c: (c.n >= 2000) & (c.n <= 4000))
    ckl = cond('lst_lt20C', 'lst', lambda c: (c.l > 0) & (c.l < dn20))
    r = span_regions('Ttop', lambda b: count(ck, d, b))
    bT3 = first(region('Ttop'))
    put('a35', r, 'pixels', None,
        f'number of pixels of the top third of the image on {d} with 0.2 <= NDVI <= 0.4 (both ends included, DN '
        f'2000-4000) and LST below 20 °C (293.15 K, DN < 14657.5, no pixel on it); row cut 857/858 spanned; '
        f'{LSTDEF}, {NDVIDEF}.',
        {'ends_excluded': count(ckx, d, bT3), 'lst_condition_dropped': count(ckn, d, bT3),
         'ndvi_condition_dropped': count(ckl, d, bT3), 'whole_image': count(ck, d, ALLB),
         'threshold_20K': 0.0, 'bottom_third': count(ck, d, first(region('Tbot')))})

    # ---------------------------------------------------------------- a36: NE minus SW share NDVI > 0.3 (denominator all NDVI px), Sep dates, points
    SEPN = in_months(9)
    ck = cond('ndvi_gt03', 'ndvi', lambda c: c.n > 3000)

    def s36(b, den=NLOOSE, dates=SEPN):
        return float(np.mean([100 * count(ck, d, b) / count(den, d, b) for d in dates]))

    r = {}
    for k, b in region('NE').items():
        r[k] = s36(b) - s36(region('SW')[k])
    v = avg(r)
    put('a36', r, 'percentage points', PCT,
        f'north-east quadrant minus south-west quadrant, in percentage points, of the share of pixels with NDVI above '
        f'0.3 among every pixel with an NDVI value (negatives kept in the denominator, stated), each quadrant\'s share '
        f'the mean of the per-date shares of the September 2019 acquisitions ({SEPN}; both have NDVI); quadrant cuts '
        f'spanned; {NDVIDEF}.',
        {'sign_swapped': -v, 'denominator_0_1': s36(bNE, N01) - s36(bSW, N01),
         'first_date_only': s36(bNE, dates=SEPN[:1]) - s36(bSW, dates=SEPN[:1]),
         'relative_percent': 100 * v / s36(bSW), 'NW_minus_SE': s36(bNW) - s36(region('SE')['r1286c1299'])})

    # ---------------------------------------------------------------- a37: box C, Q4, mean of per-date means, °F
    Q4 = [d for d in in_months(10, 11, 12) if has_lst(d)]
    r = {}
    for mode in ('centre', 'overlap'):
        c1 = cond(f'lst_boxC_{mode}', 'lst', lambda c, mode=mode: (c.l > 0) & region_mask(f'boxC:{mode}'))
        r[mode] = k2f(mean_over(c1, Q4, ALLB))
    c1 = 'lst_boxC_centre'
    put('a37', r, '°F', TK,
        f'mean LST in °F of the lon/lat box 87.85-88.10 E, 43.60-43.85 N over Q4 2019 ({Q4}; 2019-12-19 has no valid '
        f'LST), the mean of the per-date box means; pixel centres inside and any overlap spanned; {LSTDEF}.',
        {'kelvin': f2k(avg(r)), 'celsius': k2c(f2k(avg(r))), 'whole_image': k2f(mean_over(L_VALID, Q4, ALLB)),
         'pooled': k2f(pooled_mean(c1, Q4, ALLB)), 'q3_instead': k2f(mean_over(c1, Q3, ALLB))},
        extra={'valid_in_box': {d: stat(c1, d, ALLB, 'n') for d in Q4}})

    # TVDI self-check against ../heldout/README.md: annual mean of the per-date means 0.68999 on 20 dates
    am = {}
    for e in ('up', 'down'):
        c = cond(f'tv{e}_all', f'tvdi_{e}', lambda c: c.n > -32768)
        ms = [stat(c, d, ALLB, 'mean') for d in DATES if has_lst(d)]
        am[e] = float(np.mean(ms))
        if not DRY:
            assert len(ms) == 20 and abs(am[e] - 0.68999) < 2e-5, (e, am[e])
    FACTS['tvdi_annual_mean_of_means'] = am
    return JJA


# ================================================================================================== Landsat
def landsat():
    MTL = {}
    with open(LSP + 'MTL.txt') as fh:
        for line in fh:
            if '=' in line:
                k, v = (s.strip() for s in line.split('=', 1))
                MTL[k] = v.strip('"')
    assert MTL['DATE_ACQUIRED'] == '2017-08-13'
    LB = {b: band(LSP + b + '.TIF').astype(np.float64) for b in ('B4', 'B5', 'B10', 'B11', 'BQA')}
    LH, LW = LB['B4'].shape
    assert (LH, LW) == (259, 255)
    BQA = LB['BQA'].astype(np.int64)
    FILL = (BQA & 1) == 1
    CLOUD = ((BQA >> 4) & 1) == 1
    CLEAR = ~FILL & ~CLOUD
    NONFILL = ~FILL

    def rho(b, sun=False):
        i = b[1:]
        r = float(MTL[f'REFLECTANCE_MULT_BAND_{i}']) * LB[b] + float(MTL[f'REFLECTANCE_ADD_BAND_{i}'])
        return r / math.sin(math.radians(float(MTL['SUN_ELEVATION']))) if sun else r

    def bt(b):
        i = b[1:]
        rad = float(MTL[f'RADIANCE_MULT_BAND_{i}']) * LB[b] + float(MTL[f'RADIANCE_ADD_BAND_{i}'])
        with np.errstate(divide='ignore', invalid='ignore'):
            return float(MTL[f'K2_CONSTANT_BAND_{i}']) / np.log(float(MTL[f'K1_CONSTANT_BAND_{i}']) / rad + 1.0)

    def has(*bands):
        m = np.ones((LH, LW), bool)
        for b in bands:
            m &= LB[b] > 0
        return m

    BT10, BT11 = bt('B10'), bt('B11')
    with np.errstate(divide='ignore', invalid='ignore'):
        TOA = (rho('B5') - rho('B4')) / (rho('B5') + rho('B4'))
        RAW = (LB['B5'] - LB['B4']) / (LB['B5'] + LB['B4'])
    D4, D5 = LB['B4'].astype(np.int64), LB['B5'].astype(np.int64)

    # ---- self-checks against ../shared/fixtures/README.md
    expect = {'B4': (46100, 6101, 65035, 11195.847483731019), 'B5': (46101, 5784, 65535, 17401.865534370187),
              'B10': (45100, 4567, 30439, 25111.438403547672)}
    for b, (n, lo, hi, mn) in expect.items():
        x = LB[b][LB[b] > 0]
        assert (x.size, x.min(), x.max()) == (n, lo, hi) and abs(x.mean() - mn) <= 1e-9 * mn, b
    v = has('B4', 'B5')
    assert abs(TOA[v].mean() - 0.31255227473382297) < 1e-9
    assert abs(RAW[v].mean() - 0.20559621830211325) < 1e-9 and int((RAW[v] > 0.3).sum()) == 17811
    assert abs(RAW[v].min() - -0.1432490974729242) < 1e-9 and abs(RAW[v].max() - 0.676721339853724) < 1e-9
    assert abs(BT10[has('B10')].mean() - 291.83230932684404) < 1e-6
    assert float(MTL['RADIANCE_MULT_BAND_10']) == 3.342e-4 and float(MTL['K1_CONSTANT_BAND_10']) == 774.8853
    ds = gdal.Open(LSP + 'B4.TIF')
    lgt = ds.GetGeoTransform()
    del ds
    assert lgt == (471585.0, 900.0, 0.0, 3787515.0, 0.0, -900.0), lgt
    assert int(FILL.sum()) == 20946 and int((~FILL).sum()) == 45099 and int((CLOUD & ~FILL).sum()) == 12030
    FACTS['selfcheck_landsat'] = {'b10_bt_mean_K': float(BT10[has('B10')].mean()), 'toa_ndvi_mean': float(TOA[v].mean()),
                                  'fill_px': int(FILL.sum()), 'cloud_px': int((CLOUD & ~FILL).sum())}

    rows = np.arange(LH)[:, None] * np.ones((1, LW), int)
    cols = np.ones((LH, 1), int) * np.arange(LW)[None, :]

    def half(name, cut):
        return {'N': rows < cut, 'S': rows >= cut, 'W': cols < cut, 'E': cols >= cut}[name]

    def quad(name, rc, cc):
        return half(name[0], rc) & half(name[1], cc)

    # ---------------------------------------------------------------- L01: clear B10 BT mean °C, south half
    m = CLEAR & has('B10')
    r = {f'r{rc}': k2c(float(BT10[m & (rows >= rc)].mean())) for rc in (129, 130)}
    put('L01', r, '°C', TK,
        f'mean band 10 brightness temperature in °C of the cloud-free pixels (BQA bits 0 and 4 both 0, B10 > 0) of the '
        f'southern half (row cut 129/130 spanned); {LSDEF}.',
        {'clouds_kept': k2c(float(BT10[has('B10') & (rows >= 129)].mean())), 'north_half': k2c(float(BT10[m & (rows < 129)].mean())),
         'kelvin': avg(r) + 273.15, 'whole_scene': k2c(float(BT10[m].mean())),
         'band_11': k2c(float(BT11[CLEAR & has('B11') & (rows >= 129)].mean())),
         'fahrenheit': k2f(avg(r) + 273.15)})

    # ---------------------------------------------------------------- L02: clear TOA NDVI mean, NE quadrant, BT > 25 °C
    base = CLEAR & has('B4', 'B5', 'B10')
    hot = BT10 > c2k(19)
    assert np.abs(BT10[has('B10')] - c2k(19)).min() > 1e-4
    cool = ~hot
    r = {f'r{rc}c{cc}': float(TOA[base & cool & quad('NE', rc, cc)].mean()) for rc in (129, 130) for cc in (127, 128)}
    q = quad('NE', 129, 127)
    put('L02', r, 'NDVI', IDX,
        f'mean TOA-reflectance NDVI of the cloud-free pixels of the north-east quadrant whose band 10 brightness '
        f'temperature is not above 19 °C (292.15 K; no pixel within 1e-4 K of it); pixels need B4, B5, B10 > 0; quadrant '
        f'cuts spanned; {LSDEF}.',
        {'clouds_kept': float(TOA[has('B4', 'B5', 'B10') & NONFILL & cool & q].mean()), 'bt_condition_dropped': float(TOA[base & q].mean()),
         'raw_dn': float(RAW[base & cool & q].mean()), 'whole_scene': float(TOA[base & cool].mean()),
         'negation_dropped': float(TOA[base & hot & q].mean()),
         'SW_quadrant': float(TOA[base & cool & quad('SW', 129, 127)].mean())},
        extra={'n': int((base & cool & q).sum())})

    # ---------------------------------------------------------------- L03: km2 clear TOA NDVI > 0.4, west half
    # exact test: TOA NDVI > 0.4  <=>  (D5 - D4) * 2e-5 > 0.4 * ((D5 + D4) * 2e-5 - 0.2)  <=>  3 D5 - 7 D4 + 20000 > 0
    vb = has('B4', 'B5')
    g = vb & (3 * D5 - 7 * D4 + 20000 > 0)
    eq = vb & (3 * D5 - 7 * D4 + 20000 == 0)
    assert int((g ^ (vb & (TOA > 0.4))).sum()) <= int(eq.sum())   # float64 may put pixels on 0.4 a few ulps off
    r = {f'c{cc}': 0.81 * float((CLEAR & g & (cols < cc)).sum()) for cc in (127, 128)}
    put('L03', r, 'km2', 0.405,
        f'area in km2 (0.81 km2 per 900 m pixel) of the cloud-free pixels of the western half with TOA-reflectance NDVI '
        f'above 0.4 (exact integer test 3 D5 - 7 D4 + 20000 > 0; {int((eq & CLEAR).sum())} clear pixels lie on 0.4); '
        f'column cut 127/128 spanned; {LSDEF}.',
        {'clouds_kept': 0.81 * float((NONFILL & g & (cols < 127)).sum()), 'whole_scene': 0.81 * float((CLEAR & g).sum()),
         'raw_dn': 0.81 * float((CLEAR & vb & (RAW > 0.4) & (cols < 127)).sum()),
         'east_half': 0.81 * float((CLEAR & g & (cols >= 127)).sum()),
         'hectares_number': 81 * float((CLEAR & g & (cols < 127)).sum()),
         'negated': 0.81 * float((CLEAR & vb & ~g & (cols < 127)).sum())})

    # ---------------------------------------------------------------- L04: cloud share top third minus bottom third, points
    def csh(msk, den=NONFILL):
        return 100 * float((CLOUD & NONFILL & msk).sum() / (den & msk).sum())

    r = {}
    for a in (86, 87):
        for b in (172, 173):
            r[f'r{a}_{b}'] = csh(rows < a) - csh(rows >= b)
    v = avg(r)
    put('L04', r, 'percentage points', PCT,
        'share (%) of the non-fill pixels (BQA bit 0 = 0) flagged cloud (bit 4) in the top third of the scene minus '
        'the same share in the bottom third, in percentage points; row cuts 86/87 and 172/173 spanned; ' + LSDEF + '.',
        {'sign_swapped': -v, 'denominator_all_pixels': csh(rows < 86, np.ones_like(NONFILL)) - csh(rows >= 172, np.ones_like(NONFILL)),
         'middle_third': csh((rows >= 86) & (rows < 172)), 'relative_percent': 100 * v / csh(rows >= 172),
         'clear_share_diff': (100 - csh(rows < 86)) - (100 - csh(rows >= 172))},
        extra={'top': csh(rows < 86), 'bottom': csh(rows >= 172)})

    # ---------------------------------------------------------------- L05: median B10 BT °F, clear, TOA NDVI < 0.2
    base = CLEAR & has('B4', 'B5', 'B10')
    # exact: TOA NDVI < 0.2 <=> (D5 - D4) < 0.2 (D5 + D4 - 10000) <=> 4 D5 - 6 D4 + 10000 < 0
    w = base & (4 * D5 - 6 * D4 + 10000 < 0)
    assert int((base & (4 * D5 - 6 * D4 + 10000 == 0)).sum()) == 0
    r = {m: k2f(float(np.percentile(BT10[w], 50, method=m))) for m in INTERP}
    put('L05', r, '°F', TK,
        f'median band 10 brightness temperature in °F of the cloud-free pixels with TOA-reflectance NDVI below 0.2 (no '
        f'clear pixel lies on 0.2); interpolations spanned; {LSDEF}.',
        {'clouds_kept': k2f(float(np.median(BT10[has('B4', 'B5', 'B10') & (TOA < 0.2)]))), 'celsius': k2c(f2k(avg(r))),
         'kelvin': f2k(avg(r)), 'mean': k2f(float(BT10[w].mean())),
         'raw_dn': k2f(float(np.median(BT10[base & (RAW < 0.2)]))),
         'negated': k2f(float(np.median(BT10[base & ~(4 * D5 - 6 * D4 + 10000 < 0)])))},
        extra={'n': int(w.sum())})

    # ---------------------------------------------------------------- L06: lon/lat box, clear band 5 TOA mean
    srs_ll = osr.SpatialReference()
    srs_ll.ImportFromEPSG(4326)
    srs_ll.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    srs_u = osr.SpatialReference()
    srs_u.ImportFromEPSG(32617)
    srs_u.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    to_ll = osr.CoordinateTransformation(srs_u, srs_ll)
    to_u = osr.CoordinateTransformation(srs_ll, srs_u)
    xs = lgt[0] + (cols + 0.5) * 900
    ys = lgt[3] - (rows + 0.5) * 900
    pts = np.array(to_ll.TransformPoints(np.c_[xs.ravel(), ys.ravel()]))
    lon, lat = pts[:, 0].reshape(LH, LW), pts[:, 1].reshape(LH, LW)
    box = (-80.40, -79.90, 32.70, 33.10)
    inside = (lon >= box[0]) & (lon <= box[1]) & (lat >= box[2]) & (lat <= box[3])
    cs = np.array([to_u.TransformPoint(x, y)[:2] for x in (box[0], box[1]) for y in (box[2], box[3])])
    ex0, ex1, ey0, ey1 = cs[:, 0].min(), cs[:, 0].max(), cs[:, 1].min(), cs[:, 1].max()
    cx0, cx1 = lgt[0] + cols * 900, lgt[0] + (cols + 1) * 900
    cy1, cy0 = lgt[3] - rows * 900, lgt[3] - (rows + 1) * 900
    overlap = (cx1 > ex0) & (cx0 < ex1) & (cy1 > ey0) & (cy0 < ey1)
    r5 = rho('B5')
    b5 = has('B5')
    r = {'centre': float(r5[CLEAR & b5 & inside].mean()), 'overlap': float(r5[CLEAR & b5 & overlap].mean())}
    put('L06', r, 'reflectance', IDX,
        f'mean band 5 TOA reflectance (2e-5 DN - 0.1, no sun-elevation correction) of the cloud-free pixels of the '
        f'lon/lat box 80.40-79.90 W, 32.70-33.10 N (pixel centres reprojected into the box: {int(inside.sum())} px; any '
        f'overlap with the box\'s UTM envelope: {int(overlap.sum())} px; both spanned); {LSDEF}.',
        {'clouds_kept': float(r5[b5 & NONFILL & inside].mean()), 'box_ignored': float(r5[CLEAR & b5].mean()),
         'sun_elevation_corrected': float(rho('B5', True)[CLEAR & b5 & inside].mean()),
         'raw_dn_scaled_1e4': float(LB['B5'][CLEAR & b5 & inside].mean()) / 1e4,
         'band_4': float(rho('B4')[CLEAR & has('B4') & inside].mean())},
        extra={'clear_in_box': int((CLEAR & inside).sum()), 'cloud_in_box': int((CLOUD & NONFILL & inside).sum())})

    # ---------------------------------------------------------------- L07: B10 minus B11 BT, clear, left third, K
    m = CLEAR & has('B10', 'B11')
    lt = cols < 85
    v = float((BT10 - BT11)[m & lt].mean())
    put('L07', {'diff': v}, 'K', TK,
        f'mean of band 10 minus band 11 brightness temperature over the cloud-free pixels of the left third of the '
        f'scene (columns 0-84; 255 = 3 x 85, exact), in K (a °C difference is the same); {LSDEF}.',
        {'sign_swapped': -v, 'clouds_kept': float((BT10 - BT11)[has('B10', 'B11') & NONFILL & lt].mean()),
         'whole_scene': float((BT10 - BT11)[m].mean()), 'right_third': float((BT10 - BT11)[m & (cols >= 170)].mean()),
         'fahrenheit': 1.8 * v})

    # ---------------------------------------------------------------- L08: ha clear BT < 20 °C and TOA NDVI > 0.3, east half
    base = CLEAR & has('B4', 'B5', 'B10')
    cool = BT10 < c2k(20)
    assert np.abs(BT10[has('B10')] - c2k(20)).min() > 1e-4
    # TOA NDVI > 0.3 <=> (D5 - D4) > 0.3 (D5 + D4 - 10000) <=> 7 D5 - 13 D4 + 30000 > 0
    gr = 7 * D5 - 13 * D4 + 30000 > 0
    assert int((base & (7 * D5 - 13 * D4 + 30000 == 0)).sum()) == 0
    r = {f'c{cc}': 81 * float((base & cool & gr & (cols >= cc)).sum()) for cc in (127, 128)}
    put('L08', r, 'ha', 40.5,
        f'area in hectares (81 ha per 900 m pixel) of the cloud-free pixels of the eastern half with band 10 '
        f'brightness temperature below 20 °C (293.15 K) and TOA-reflectance NDVI above 0.3 (no clear pixel on it); '
        f'column cut 127/128 spanned; {LSDEF}.',
        {'clouds_kept': 81 * float((has('B4', 'B5', 'B10') & NONFILL & cool & gr & (cols >= 127)).sum()),
         'bt_dropped': 81 * float((base & gr & (cols >= 127)).sum()), 'ndvi_dropped': 81 * float((base & cool & (cols >= 127)).sum()),
         'whole_scene': 81 * float((base & cool & gr).sum()), 'km2_number': 0.81 * float((base & cool & gr & (cols >= 127)).sum()),
         'west_half': 81 * float((base & cool & gr & (cols < 127)).sum()),
         'raw_dn': 81 * float((base & cool & (RAW > 0.3) & (cols >= 127)).sum())})

    # ---------------------------------------------------------------- L09: % of clear pixels in bottom-right cell with BT not above 22 °C
    base = CLEAR & has('B10')
    le = BT10 <= c2k(20.5)
    assert np.abs(BT10[has('B10')] - c2k(20.5)).min() > 1e-4

    def cell(a, c):
        return (rows >= a) & (cols >= c)

    r = {f'r{a}': 100 * float((base & le & cell(a, 170)).sum() / (base & cell(a, 170)).sum()) for a in (172, 173)}
    c0 = cell(172, 170)
    put('L09', r, '%', PCT,
        f'percent of the cloud-free pixels (B10 > 0) of the bottom-right cell of a 3 x 3 grid (rows from 172/173, '
        f'columns 170-254) whose band 10 brightness temperature is not above 20.5 °C (293.65 K; no pixel on it); {LSDEF}.',
        {'negation_dropped': 100 * float((base & ~le & c0).sum() / (base & c0).sum()),
         'clouds_kept': 100 * float((has('B10') & NONFILL & le & c0).sum() / (has('B10') & NONFILL & c0).sum()),
         'whole_scene': 100 * float((base & le).sum() / base.sum()),
         'denominator_with_clouds': 100 * float((base & le & c0).sum() / (has('B10') & NONFILL & c0).sum()),
         'fraction': avg(r) / 100})

    # ---------------------------------------------------------------- L10: 1-based window, clear TOA NDVI mean
    def win(r0, r1, c0_, c1):
        m_ = np.zeros((LH, LW), bool)
        m_[r0:r1 + 1, c0_:c1 + 1] = True
        return m_

    w1 = win(99, 148, 149, 198)   # 1-based rows 100-149, columns 150-199
    w0 = win(100, 149, 150, 199)
    base = CLEAR & has('B4', 'B5')
    v = float(TOA[base & w1].mean())
    put('L10', {'mean': v}, 'NDVI', IDX,
        f'mean TOA-reflectance NDVI of the cloud-free pixels (B4, B5 > 0) of the window rows 100-149, columns 150-199 '
        f'numbered from 1 (0-based rows 99-148, columns 149-198; ends included); {LSDEF}.',
        {'zero_based_read': float(TOA[base & w0].mean()), 'clouds_kept': float(TOA[has('B4', 'B5') & NONFILL & w1].mean()),
         'raw_dn': float(RAW[base & w1].mean()), 'whole_scene': float(TOA[base].mean())},
        extra={'clear_px': int((base & w1).sum()), 'cloud_px': int((CLOUD & NONFILL & w1).sum())})


# ================================================================================================ refusals
def refusals():
    JJA = in_months(6, 7, 8)
    bS, bW, bE = region('S')['r1286'], region('W')['c1299'], region('E')['c1299']
    rk = sorted(JJA, key=lambda d: stat(L_VALID, d, bS, 'mean'))
    f3 = [[d, stat(L_VALID, d, bS, 'mean')] for d in rk[:3]]
    JUL = in_months(7)
    w, e = mean_over(N01, JUL, bW), mean_over(N01, JUL, bE)
    d7 = '2019-07-12'
    cv = cond('lst_ndvi_gt05', 'lst', lambda c: (c.l > 0) & (c.n > 5000))
    ct = cond('lst_tvup_lt03', 'lst', lambda c: np.nan_to_num(c.tv('up'), nan=2) < 0.3)
    cu = cond('lst_gt05_or_tvlt03', 'lst', lambda c: (c.l > 0) & ((c.n > 5000) | (np.nan_to_num(c.tv('up'), nan=2) < 0.3)))
    f7 = {'ndvi_gt05': stat(cv, d7, bE, 'mean'), 'tvdi_lt03': stat(ct, d7, bE, 'mean'), 'union': stat(cu, d7, bE, 'mean')}
    put_refuse('rf1', 'the lon/lat box 86.00-86.50 E, 43.60-43.80 N lies outside the rasters (they cover about '
               '87.50-88.20 E, 43.50-44.00 N)', 'No pixel of the q46 grid falls in the box, so no mean exists.',
               facts={'lon_range': [float(lon_of_x(GT[0])), float(lon_of_x(GT[0] + NC * 30))],
                      'lat_range': [float(lat_of_y(GT[3] - NR * 30)), float(lat_of_y(GT[3]))]})
    put_refuse('rf2', 'winter 2018/19 (December 2018 - February 2019) needs December 2018, which no file holds',
               'The files start on 2019-01-01; answering with January-February alone would answer another period.')
    put_refuse('rf3', 'a rank below the first (the second-coolest summer date by southern-half mean LST)',
               'Choice as set 14: a rank below the first is refused. The facts (row cut 1286): '
               + ', '.join(f'{d} {v:.3f} K' for d, v in f3) + '.', facts={'coolest3': f3})
    put_refuse('rf4', 'a "percentage difference" between the western and eastern halves with no base named',
               f'West, east or their mean as the base give different numbers (July 2019 mean NDVI 0..1, mean of the '
               f'per-date means, column cut 1299): {100 * (w - e) / e:.2f} % of the east, {100 * (w - e) / w:.2f} % of '
               f'the west, {100 * (w - e) / ((w + e) / 2):.2f} % of their mean.', facts={'west': w, 'east': e})
    put_refuse('rf5', 'a bare yes/no (whether the cloud-free northern half is warmer than the southern half) with no '
               'value asked', 'harness.ts judges one value; a bare yes/no has none. The facts: cloud-free B10 BT of '
               'the southern half ' + (f'{REFS["L01"]["value"]:.2f} °C, of the northern half '
               f'{REFS["L01"]["misreadings"]["north_half"]:.2f} °C (row cut 129): no.' if 'L01' in REFS else ''))
    put_refuse('rf6', 'no file holds soil moisture in m3/m3 (TVDI is a unitless dryness proxy, not a moisture content)',
               'The q46 files hold LST and NDVI only.')
    put_refuse('rf7', '"or" between two conditions left to the reader ("NDVI above 0.5 or TVDI below 0.3, whichever '
               'you think is better")', 'The question leaves the choice of condition open, so no single value is '
               'asked; a union reading (set 12\'s "or" = either) is ruled out by "whichever". The facts on '
               f'{d7}, eastern half (column cut 1299, TVDI bin edge up): NDVI > 0.5 {f7["ndvi_gt05"]:.3f} K, TVDI < 0.3 '
               f'{f7["tvdi_lt03"]:.3f} K, either {f7["union"]:.3f} K.', facts=f7)
    put_refuse('rf8', 'the "typical hotspot intensity" names no defined statistic or threshold',
               'No threshold, statistic or definition of a hotspot is given.')


def main():
    global DRY
    selfcheck_percentiles()
    # dry run: record the (condition, date) histograms every computation needs
    DRY = True
    q46()
    refusals()
    need = {}
    for ck, d in REQ:
        need.setdefault(d, set()).add(ck)
    print(f'dry run: {len(REQ)} (condition, date) histograms over {len(need)} dates [{time.time() - T0:.0f}s]', flush=True)
    DRY = False
    for d in DATES:
        if d not in need:
            continue
        ctx = Ctx(d)
        for ck in sorted(need[d]):
            fill(ctx, ck)
        # per-date facts and a check of the block histograms against plain numpy
        lv = ctx.l > 0
        if (L_VALID, d) in STORE and lv.any():
            assert int(STORE[(L_VALID, d)].sum()) == int(lv.sum())
            assert abs(hmean(STORE[(L_VALID, d)].sum(axis=0), 'lst') - float(ctx.l[lv].mean()) / 50) < 1e-9
        if d == '2019-08-13':
            t = ctx.l[lv] / 50.0
            p = hp(STORE[(L_VALID, d)].sum(axis=0), 'lst', 90)
            for m in INTERP:
                assert abs(float(np.percentile(t, 90, method=m)) - p[m]) < 1e-9
        print(f'{d}: {len(need[d])} histograms [{time.time() - T0:.0f}s]', flush=True)
        del ctx
    q46()
    landsat()
    refusals()
    out = dict(sorted(REFS.items()))
    out['_facts'] = FACTS
    out['_meta'] = {'gdal': gdal.__version__, 'numpy': np.__version__, 'seconds': round(time.time() - T0, 1)}
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1, default=float)
    print(f'wrote {OUT} ({len(REFS)} references) in {time.time() - T0:.0f}s')


if __name__ == '__main__':
    sys.exit(main())
