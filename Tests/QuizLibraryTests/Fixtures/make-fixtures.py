#!/usr/bin/python3
"""Writes the tiny pictures of QuizLibraryTests (PictureCheckTests) and the FuzzPicture seeds:
real files from a real encoder (Pillow, Debian's python3-pil, with libwebp). Run once by hand
from this folder; the files are committed, so neither the tests nor CI need Pillow. Each has
its own width and height (never square), so a reader that swaps them fails."""
from PIL import Image

def picture(width, height, mode="RGB"):
    image = Image.new(mode, (width, height))
    for x in range(width):
        for y in range(height):
            value = (40 * x + 70 * y) % 256
            image.putpixel((x, y), (value, 255 - value, 128, 200) if mode == "RGBA" else (value, 255 - value, 128))
    return image

picture(3, 2, "RGBA").save("tiny.png")                                  # IHDR 3x2, RGBA
picture(5, 3).save("tiny.jpg", quality=80)                               # baseline, SOF0 after JFIF and DQT
picture(6, 4).save("progressive.jpg", quality=80, progressive=True)      # SOF2, several scans
picture(3, 2).convert("P").save("tiny.gif")                              # GIF87a (Pillow writes 89a only when it must)
picture(2, 3).save("lossless.webp", lossless=True)                       # VP8L
picture(7, 5).save("lossy.webp", quality=70)                             # VP8
picture(4, 9, "RGBA").save("alpha.webp", quality=70)                     # VP8X + ALPH + VP8
