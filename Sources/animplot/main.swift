print("animplot")
